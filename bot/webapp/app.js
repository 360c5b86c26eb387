// The page's start: its buttons and keys, then the view the address asks for; and the
// answer built on the cards, sent to the current view's judge. It names no view: it goes
// over those registered (registerView, page.js), and runs once every script has.
"use strict";

// The answer built on the cards: the current view's judge says whether it makes 24.
async function submit(expression) {
  const view = currentView();
  if (view.submit) return view.submit(expression); // the view's own way with an answer
  state.locked = true;
  render();
  say(t("checking"));
  try {
    await view.answer(expression);
  } catch (error) {
    // The view open now (the player may have gone to another meanwhile) deals with it.
    const now = currentView();
    if (now.over && (await now.over(error))) return;
    state.locked = false;
    failed(error);
  }
  render();
}

// The view the address's mode opens: the first that says so, else the first with a tab.
function opened(mode) {
  const all = Object.entries(views);
  const found = all.find(([name, view]) => (view.opens ? view.opens(mode) : mode === name));
  return (found || all.find(([, view]) => view.tab))[1];
}

function start() {
  applyTheme(readTheme());
  setLanguage(language);
  for (const button of document.querySelectorAll("#ops button")) {
    button.addEventListener("click", () => tapOp(button.dataset.op));
  }
  $("undo").addEventListener("click", undo);
  $("reset").addEventListener("click", reset);
  $("again").addEventListener("click", () => {
    const view = currentView();
    if (view.again) view.again();
  });
  document.addEventListener("keydown", onKey);
  if (webApp) {
    webApp.ready();
    webApp.expand();
  } else {
    postEvent("web_app_ready");
    postEvent("web_app_expand");
  }
  const mode = signed.get("start_param") || launch.get("tgWebAppStartParam") || query.get("mode");
  opened(mode).open();
}

// After every script, each view's included, has run.
document.addEventListener("DOMContentLoaded", start);
