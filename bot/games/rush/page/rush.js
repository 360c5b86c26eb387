// Rush on the Mini App's page (?mode=rush), as the Telegram game opens it: the server deals,
// judges and keeps the clock; the page sends the hand's number and the expression built,
// never a score. A game has no launch data: the token the bot signed comes in the
// address's fragment (#game=…) and goes back with each call in the X-Game-Token header.
// Uses the page's shared scripts (state and render in page.js and board.js, say, t…): loaded
// after them (see index.html).
"use strict";

// A game has no launch data: the bot names the player's language in the address.
if (query.get("mode") === "rush" && TEXTS[query.get("lang")]) language = query.get("lang");

// Its own elements: the score under the title, Skip −20 s among the tools.
document
  .querySelector(".heading")
  .after(viewElement("p", { id: "rush-score", className: "rush-score", hidden: true }));
$("tools").append(viewElement("button", { id: "skip", text: "skip", hidden: true }));

const rush = {
  token: launch.get("game") || "",
  number: null,
  deadline: null,
  playing: false,
  asking: false,
  tableTries: 0,
};

async function rushApi(method, name, body) {
  return callApi(method, `api/rush/${name}`, { "X-Game-Token": rush.token }, body);
}

function rushFailed(error) {
  rush.asking = false;
  if (error instanceof Refused && error.status === 401) {
    rush.playing = false;
    state.locked = true;
    render();
    $("skip").hidden = true;
    say(t("rushToken"), "bad");
  } else {
    failed(error);
  }
}

// The clock counts down from what the server last said; at zero the server is asked.
function rushTick() {
  if (rush.deadline === null) {
    $("clock").textContent = "";
    return;
  }
  const left = rush.playing ? (rush.deadline - Date.now()) / 1000 : 0;
  $("clock").textContent = clockText(Math.ceil(Math.max(0, left)));
  if (rush.playing && left <= 0 && !rush.asking) {
    rush.asking = true;
    rushApi("GET", "state").then(rushShow, rushFailed);
  }
}

function rushStatus(reply) {
  $("rush-score").textContent = t("rushScore", { score: reply.score, level: reply.level });
}

function rushShow(reply) {
  rush.asking = false;
  if (reply.state === "over") {
    rushEnd(reply);
    return;
  }
  showGate(false);
  $("skip").hidden = false;
  $("rush-score").hidden = false;
  rush.playing = true;
  rush.deadline = Date.now() + reply.remaining * 1000;
  rushStatus(reply);
  if (reply.number !== rush.number) {
    rush.number = reply.number;
    deal(reply.hand);
  } else {
    state.locked = false;
    render();
  }
  tick();
}

async function rushSubmit(expression) {
  state.locked = true;
  render();
  say(t("checking"));
  try {
    const reply = await rushApi("POST", "answer", { hand: rush.number, expression });
    rushShow(reply);
    if (reply.state === "over") return;
    if (reply.refused === "stale") say(t("rushStale"), "bad");
    else if (reply.void === "too_fast") say(t("rushTooFast", { floor: reply.floor }), "bad");
    else if (reply.solved && reply.bonus > 0) {
      say(t("rushSolved", { time: reply.seconds, bonus: reply.bonus }), "good");
    } else if (reply.solved) say(t("rushFull", { time: reply.seconds }), "good");
    else if (reply.out) say(t("rushOut", { reason: reply.reason }), "bad");
    else say(reply.reason || "", "bad");
  } catch (error) {
    state.locked = false;
    render();
    rushFailed(error);
  }
}

async function rushSkip() {
  if (!rush.playing || rush.asking) return;
  rush.asking = true;
  state.locked = true;
  render();
  try {
    const reply = await rushApi("POST", "skip", { hand: rush.number });
    rushShow(reply);
    if (reply.state !== "over") say(t("pick"));
  } catch (error) {
    state.locked = false;
    render();
    rushFailed(error);
  }
}

async function rushStart() {
  if (state.mode !== "rush" || $("start").disabled) return;
  $("start").disabled = true;
  say(t("loading"));
  try {
    rushShow(await rushApi("POST", "start"));
    say(t("pick"));
  } catch (error) {
    $("start").disabled = false;
    rushFailed(error);
  }
}

function rushLine(box, text, className) {
  const p = document.createElement("p");
  p.textContent = text;
  if (className) p.className = className;
  $(box).append(p);
  return p;
}

function rushEnd(reply) {
  rush.playing = false;
  state.locked = true;
  render();
  tick();
  $("skip").hidden = true;
  rushStatus(reply);
  clearResult();
  $("result").hidden = false;
  say(t("rushOver", { score: reply.score }), "good");
  rushLine("lines", t("rushHands", {
    hands: reply.hands, skips: reply.skips, time: clockText(reply.seconds),
  }));
  if (reply.best_time !== null) rushLine("lines", t("rushFastest", { time: reply.best_time }));
  if (reply.lasted_most) rushLine("lines", t("rushLasted"));
  if (reply.too_fast) rushLine("lines", t("rushOffBoards"), "bad");
  else if (reply.implausible) rushLine("lines", t("rushScriptPace"), "bad");
  if (reply.new_best) rushLine("lines", t("rushNewBest"), "best");
  else if (reply.previous_best !== null) rushLine("lines", t("rushBest", { best: reply.previous_best }));
  if (!reply.saved) rushLine("lines", t("rushUnsaved"));
  rushTable(reply.table);
  rushLine("after", t("rushAgain"));
}

function rushTable(table) {
  const box = $("others");
  box.textContent = "";
  if (table === null || table === undefined) {
    rushLine("others", t("rushTableWait"));
    // Telegram's table is fetched by the server after the score is set: ask again soon.
    if (rush.tableTries < 5) {
      rush.tableTries += 1;
      setTimeout(() => rushApi("GET", "state").then((reply) => {
        if (reply.state === "over") rushTable(reply.table);
      }, () => {}), 2000);
    }
    return;
  }
  if (!table.length) return;
  rushLine("others", t("rushTable"));
  const list = document.createElement("ol");
  list.className = "table";
  for (const row of table) {
    const item = document.createElement("li");
    item.textContent = t("rushTableRow", row);
    if (row.me) item.className = "me";
    list.append(item);
  }
  box.append(list);
}

async function openRush() {
  state.mode = "rush";
  selectTab();
  document.querySelector("header").hidden = true;
  $("title").textContent = t("rushTitle");
  $("title").dataset.text = "rushTitle";
  state.cards = [];
  state.locked = true;
  render();
  say(t("loading"));
  try {
    const reply = await rushApi("GET", "state");
    if (reply.state === "new") {
      $("gate-text").textContent = t("rushRules");
      $("gate-text").dataset.text = "rushRules";
      showGate(true);
      say("");
      return;
    }
    rushShow(reply);
    if (reply.state === "playing") say(t("pick"));
  } catch (error) {
    rushFailed(error);
  }
}

$("skip").addEventListener("click", rushSkip);
$("start").addEventListener("click", rushStart);
registerView("rush", {
  parts: ["rush-score", "skip"],
  open: openRush,
  submit: rushSubmit, // the server's clock: its own locking and refusals
  tick: rushTick,
});
