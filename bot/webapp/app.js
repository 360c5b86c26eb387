// The page's start: its buttons and keys, then the view the address asks for; and the
// answer built on the cards, sent to the current view's judge.
"use strict";

// The answer built on the cards: the current mode's judge says whether it makes 24.
async function submit(expression) {
  if (state.mode === "rush") return rushSubmit(expression); // rush.js
  state.locked = true;
  render();
  say(t("checking"));
  try {
    if (state.mode === "daily") await answerDaily(expression);
    else if (state.mode === "train") await answerTrain(expression); // train.js
    else if (state.mode === "arena") await answerArena(expression); // arena.js
    else await answerPractice(expression);
  } catch (error) {
    if (await dealtAgain(error)) return;
    if (await trainOver(error)) return;
    if (await arenaOver(error)) return;
    if (error instanceof Refused && error.status === 409 && state.mode === "daily") {
      // The puzzle shown is no longer the open attempt (a new day, or another one started
      // in the chat): show the current one.
      await openDaily();
      return;
    }
    state.locked = false;
    failed(error);
  }
  render();
}

function start() {
  applyTheme(readTheme());
  setLanguage(language);
  for (const button of document.querySelectorAll("#ops button")) {
    button.addEventListener("click", () => tapOp(button.dataset.op));
  }
  for (const button of document.querySelectorAll("#levels button")) {
    button.addEventListener("click", () => {
      state.level = button.dataset.level;
      openPractice();
    });
  }
  $("undo").addEventListener("click", undo);
  $("reset").addEventListener("click", reset);
  $("reveal").addEventListener("click", reveal);
  $("copy").addEventListener("click", copyShare);
  $("again").addEventListener("click", () => (state.mode === "train" ? trainNext() : newHand()));
  $("start").addEventListener("click", startDaily);
  $("tab-daily").addEventListener("click", openDaily);
  $("tab-practice").addEventListener("click", openPractice);
  $("tab-profile").addEventListener("click", openProfile);
  $("tab-train").addEventListener("click", openTrain);
  document.addEventListener("keydown", onKey);
  if (webApp) {
    webApp.ready();
    webApp.expand();
  } else {
    postEvent("web_app_ready");
    postEvent("web_app_expand");
  }
  const mode = signed.get("start_param") || launch.get("tgWebAppStartParam") || query.get("mode");
  if (mode === "rush") openRush(); // rush.js: the Telegram game
  else if (mode === "practice") openPractice();
  else if (mode === "profile") openProfile(); // profile.js
  else if (mode === "train") openTrain(); // train.js
  else if (mode && mode.startsWith("arena_")) openArena(); // arena.js: a group's arena
  else openDaily();
}

// After every script, rush.js included, has added its part.
document.addEventListener("DOMContentLoaded", start);
