// What every view of the page shares: its state, the status line, the clock, the result box.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  mode: "daily",
  hand: [],
  cards: [],
  history: [],
  selected: null,
  op: null,
  locked: true,
  day: null,
  number: null,
  started: null,
  stopped: null,
  token: null,
  level: "easy",
};

function say(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.className = "status" + (kind ? ` ${kind}` : "");
}

function clockText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function tick() {
  if (state.mode === "rush") return rushTick(); // rush.js: the server's clock, counting down
  if (state.started === null) {
    $("clock").textContent = "";
    return;
  }
  const end = state.stopped === null ? Date.now() : state.stopped;
  $("clock").textContent = clockText((end - state.started) / 1000);
}
setInterval(tick, 250);

function clearResult() {
  $("result").hidden = true;
  $("built").textContent = "";
  $("lines").textContent = "";
  $("after").textContent = "";
  $("share").hidden = true;
  $("copy").hidden = true;
  $("others").textContent = "";
  $("again").hidden = true;
}

function showGate(shown) {
  $("gate").hidden = !shown;
  $("start").disabled = false;
  $("ops").hidden = shown;
  $("tools").hidden = shown;
}

function selectTab() {
  $("tab-daily").setAttribute("aria-selected", String(state.mode === "daily"));
  $("tab-practice").setAttribute("aria-selected", String(state.mode === "practice"));
  $("tab-profile").setAttribute("aria-selected", String(state.mode === "profile"));
  $("tab-train").setAttribute("aria-selected", String(state.mode === "train"));
  $("train-skip").hidden = state.mode !== "train" || $("train-skip").hidden;
  $("arena-skip").hidden = state.mode !== "arena" || $("arena-skip").hidden;
  $("arena-berserk").hidden = state.mode !== "arena" || $("arena-berserk").hidden;
  $("profile").hidden = state.mode !== "profile";
  $("cards").hidden = state.mode === "profile";
}
