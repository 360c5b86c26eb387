// What every view of the page shares: its state, the views registered, the status line, the
// clock, the result box.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  mode: null, // the name of the view open
  hand: [],
  cards: [],
  history: [],
  selected: null,
  op: null,
  locked: true,
  started: null,
  stopped: null,
};

// The views, by name, in the order their scripts registered them (index.html's order).
const views = {};

// A view's script registers it once, when it runs: registerView("arena", {...}), with
//   open()            opens the view (a tab's click, or the address's mode at the start);
//   opens(mode)       whether the address's mode opens it (default: mode is its name; a mode
//                     no view opens opens the first view with a tab);
//   answer(expr)      judges the expression built on the cards (app.js's submit locks the
//                     cards, says "checking" and shows what is refused), or submit(expr),
//                     which takes the answer over (its own locking and refusals);
//   over(error)       a refusal the view deals with itself (true: dealt with);
//   again()           the result's New hand button; tick() its own clock;
//   tab               the key of its tab's label (a tab is made for it, id tab-<name>);
//   parts             the ids of its own elements, hidden while another view is open;
//   cards: false      a view without the cards.
function registerView(name, view) {
  if (views[name]) throw new Error(`view ${name} registered twice`);
  views[name] = view;
  if (!view.tab) return;
  const tab = document.createElement("button");
  tab.type = "button";
  tab.setAttribute("role", "tab");
  tab.id = `tab-${name}`;
  tab.setAttribute("aria-selected", String(!document.querySelector("[role=tab]")));
  tab.dataset.text = view.tab;
  tab.textContent = t(view.tab);
  tab.addEventListener("click", () => view.open());
  document.querySelector(".tabs").append(tab);
}

function currentView() {
  return views[state.mode] || {};
}

// A view's own element, made by its script where index.html leaves room: a button has
// type "button"; text is the key of its label (its words follow the page's language).
function viewElement(tag, { id, className, text, label, hidden }) {
  const element = document.createElement(tag);
  if (tag === "button") element.type = "button";
  if (id) element.id = id;
  if (className) element.className = className;
  if (text) {
    element.dataset.text = text;
    element.textContent = t(text);
  } else if (label) element.textContent = label;
  element.hidden = Boolean(hidden);
  return element;
}

function say(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.className = "status" + (kind ? ` ${kind}` : "");
}

// The text of the server's HTML lines (the chat's), shown as plain text.
function plain(html) {
  return new DOMParser().parseFromString(html, "text/html").body.textContent || "";
}

function clockText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function tick() {
  const view = currentView();
  if (view.tick) return view.tick(); // a view's own clock (the server's, counting down)
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

// The open view's tab selected; the other views' own elements hidden (its own as they were).
function selectTab() {
  for (const [name, view] of Object.entries(views)) {
    if (view.tab) $(`tab-${name}`).setAttribute("aria-selected", String(state.mode === name));
    if (name === state.mode) continue;
    for (const id of view.parts || []) $(id).hidden = true;
  }
  $("cards").hidden = currentView().cards === false;
}
