// The daily view: the Start gate, the cards, the answer, and the chat's lines with the share
// line to copy.
"use strict";

const daily = { day: null, number: null }; // the puzzle shown

// A daily answer: solved (the chat's lines), or why not.
async function answerDaily(expression) {
  const reply = await api("POST", "daily", { day: daily.day, expression });
  if (reply.state === "solved") {
    say(t("solvedDaily"), "good");
    showDailyResult(reply.result, reply.expression);
  } else {
    state.locked = false;
    say(reply.reason || t("notYet", { value: "?" }), "bad");
  }
}

function showDailyResult(result, expression) {
  state.locked = true;
  state.started = Date.now() - result.seconds * 1000;
  state.stopped = Date.now();
  tick();
  clearResult();
  $("result").hidden = false;
  // As the chat writes it (the server's form, 5×5−8+7), not as the taps built it.
  if (expression) $("built").textContent = t("built", { expression });
  // The chat's lines around its share line: those that lead to it ("Share it:"), the
  // share line with its Copy button, then the rest.
  if (!(result.lines || []).length && !(result.after || []).length) {
    // Opened again after solving: no chat lines to repeat, but the player's numbers.
    const p = document.createElement("p");
    p.textContent = t("summary", { time: result.time, streak: result.streak, best: result.best });
    $("lines").append(p);
  }
  for (const [box, lines] of [["lines", result.lines], ["after", result.after]]) {
    for (const line of lines || []) {
      const p = document.createElement("p");
      p.textContent = plain(line);
      $(box).append(p);
    }
  }
  $("share").textContent = result.share;
  $("share").hidden = false;
  $("copy").hidden = false;
}

// The daily's clock starts when the player can see the cards, so the page first asks only
// for the player's state: a player who opened the app to practise (from the menu button,
// which opens on the Daily tab) has started nothing. Not opened today: the Start button.
async function openDaily() {
  state.mode = "daily";
  selectTab();
  clearResult();
  showGate(false);
  state.cards = [];
  state.locked = true;
  state.started = null;
  tick();
  render();
  say(t("loading"));
  try {
    const reply = await api("GET", "daily/state");
    if (state.mode !== "daily") return; // the player went to practice meanwhile
    daily.day = reply.day;
    daily.number = reply.number;
    $("title").textContent = t("dailyTitle", { number: reply.number });
    if (reply.state === "new") {
      $("gate-text").textContent = t("gate", { number: reply.number });
      showGate(true);
      say("");
      return;
    }
  } catch (error) {
    failed(error);
    return;
  }
  await showDaily();
}

async function startDaily() {
  if (state.mode !== "daily" || $("start").disabled) return;
  $("start").disabled = true;
  await showDaily();
}

// The cards, for a player who chose to see them: GET daily starts the clock (or goes on
// with the one started in the app or with /daily in private).
async function showDaily() {
  say(t("loading"));
  try {
    const reply = await api("GET", "daily");
    if (state.mode !== "daily") return;
    showGate(false);
    daily.day = reply.day;
    daily.number = reply.number;
    $("title").textContent = t("dailyTitle", { number: reply.number });
    deal(reply.hand);
    if (reply.state === "solved") {
      say(t("solvedAlready"), "good");
      showDailyResult(reply.result, null);
      render();
    } else {
      state.stopped = null;
      state.started = Date.now() - reply.elapsed * 1000;
      tick();
      say(t("pick"));
    }
  } catch (error) {
    $("start").disabled = false;
    failed(error);
  }
}

async function copyShare() {
  const text = $("share").textContent;
  try {
    await navigator.clipboard.writeText(text);
    $("copy").textContent = t("copied");
  } catch (error) {
    // No clipboard here: the line is selected for the player to copy.
    const range = document.createRange();
    range.selectNodeContents($("share"));
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
}

// The puzzle shown is no longer the open attempt (a new day, or another one started in the
// chat): show the current one.
async function dailyOver(error) {
  if (!(error instanceof Refused) || error.status !== 409 || state.mode !== "daily") return false;
  await openDaily();
  return true;
}

$("start").addEventListener("click", startDaily);
$("copy").addEventListener("click", copyShare);
registerView("daily", { tab: "daily", open: openDaily, answer: answerDaily, over: dailyOver });
