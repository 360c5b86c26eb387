// Twenty-Four's Mini App: tap a card, an operator and another card; both become the result.
// The server judges: the page sends the expression it built, with the launch data Telegram
// gave it (read from the address's hash; Telegram's own script is used if present, never
// needed).
"use strict";

const TEXTS = {
  en: {
    daily: "Daily", practice: "Practice", easy: "Easy", medium: "Medium", hard: "Hard",
    undo: "Undo", reset: "Reset", reveal: "Show solutions", copy: "Copy", copied: "Copied",
    again: "New hand", cards: "Cards",
    keys: "Keys: 1–4 pick a card, + − * / an operator, Backspace undoes, Esc clears.",
    dailyTitle: "Daily #{number}", practiceTitle: "Practice",
    gate: "Daily #{number} — the clock starts when you see the cards.", start: "Start",
    pick: "Tap a card, an operator, then another card.",
    pickOp: "Now an operator, or another card.",
    pickSecond: "Now the second card.",
    byZero: "Dividing by zero makes nothing: pick another pair.",
    notYet: "That makes {value}, not 24: Undo or Reset.",
    checking: "Checking…", loading: "Loading…",
    solvedDaily: "Solved!", solvedAlready: "You solved today's puzzle already.",
    summary: "Solved in {time}. Streak: {streak} (best {best}).",
    solvedPractice: "Solved in {time}!",
    built: "Your solution: {expression}",
    others: "Other solutions:", only: "That was the only solution.",
    allSolutions: "The solutions:", more: "… and {count} more",
    noList: "The solutions take too long to list.",
    pickLevel: "Pick a difficulty to deal a hand.",
    unauthorized: "Open this page from the bot in Telegram: it could not check who you are.",
    offline: "No connection to the bot: try again in a moment.",
    expired: "That hand has expired: here is a new one.",
    busy: "The bot is busy: try again in a moment.",
    tooFast: "That was a lot of requests at once: wait a few seconds, then try again.",
    reopen: "This page has been open for an hour: close it and open it again from the bot.",
    withdrawn: "That hand is being played somewhere right now, or is a daily puzzle: no " +
      "solutions for it. Here is a new one.",
  },
  zh: {
    daily: "每日一题", practice: "练习", easy: "简单", medium: "中等", hard: "困难",
    undo: "撤销", reset: "重来", reveal: "看答案", copy: "复制", copied: "已复制",
    again: "再来一手", cards: "牌",
    keys: "键盘：1–4 选牌，+ − * / 选运算，退格键撤销，Esc 取消选择。",
    dailyTitle: "每日一题 #{number}", practiceTitle: "练习",
    gate: "每日一题 #{number}：看到牌时开始计时。", start: "开始",
    pick: "先点一张牌，再点运算符，再点另一张牌。",
    pickOp: "现在点运算符，或换一张牌。",
    pickSecond: "现在点第二张牌。",
    byZero: "不能除以零：换一对牌吧。",
    notYet: "结果是 {value}，不是 24：撤销或重来。",
    checking: "正在检查……", loading: "加载中……",
    solvedDaily: "解出来了！", solvedAlready: "你今天已经解出这道题了。",
    summary: "用时 {time}。连胜：{streak}（最佳 {best}）。",
    solvedPractice: "用时 {time}，解出来了！",
    built: "你的解法：{expression}",
    others: "其他解法：", only: "这是唯一的解法。",
    allSolutions: "解法：", more: "……还有 {count} 种",
    noList: "解法太多，暂时列不出来。",
    pickLevel: "选一个难度来发牌。",
    unauthorized: "请从 Telegram 里的机器人打开本页：无法确认你的身份。",
    offline: "连不上机器人：请稍后再试。",
    expired: "这手牌已过期，换一手新的。",
    busy: "机器人正忙：请稍后再试。",
    tooFast: "请求太频繁了：等几秒再试。",
    reopen: "本页已打开一小时：请关闭后从机器人那里重新打开。",
    withdrawn: "这手牌正在别处对局，或者是每日一题：不能看它的解法。换一手新的。",
  },
};

// --- launch data and Telegram -------------------------------------------------------------

const launch = new URLSearchParams(location.hash.slice(1));
const query = new URLSearchParams(location.search);
const webApp = window.Telegram && window.Telegram.WebApp ? window.Telegram.WebApp : null;
const initData = (webApp && webApp.initData) || launch.get("tgWebAppData") || "";
const signed = new URLSearchParams(initData);
// The server takes launch data for an hour after Telegram signs it (when it opens the page).
const LAUNCH_LIFE = 3600 * 1000;
const loadedAt = Date.now();
let player = {};
try {
  player = JSON.parse(signed.get("user") || "{}");
} catch (error) {
  player = {};
}

function languageOf(code) {
  return String(code || "").toLowerCase().startsWith("zh") ? "zh" : "en";
}
let language = languageOf(player.language_code);

// Without Telegram's script, the page still tells Telegram it is ready, the way the script
// does: through the app's webview bridge, or to the parent frame on Telegram Web.
function postEvent(type, data) {
  const payload = JSON.stringify(data || {});
  try {
    if (window.TelegramWebviewProxy) {
      window.TelegramWebviewProxy.postEvent(type, payload);
    } else if (window.parent !== window) {
      window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data || {} }), "*");
    }
  } catch (error) {
    // Not in Telegram: nothing to tell.
  }
}

const THEME = {
  bg_color: "--tg-bg", text_color: "--tg-text", hint_color: "--tg-hint",
  accent_text_color: "--tg-accent", link_color: "--tg-accent", button_color: "--tg-button",
  button_text_color: "--tg-button-text", secondary_bg_color: "--tg-secondary-bg",
  destructive_text_color: "--tg-destructive", section_bg_color: "--tg-section-bg",
};

function isDark(colour) {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!match) return false;
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

function applyTheme(params) {
  if (!params || typeof params !== "object" || !params.bg_color) return;
  const root = document.documentElement;
  // link_color first: accent_text_color, if given, wins.
  for (const name of ["link_color", ...Object.keys(THEME).filter((k) => k !== "link_color")]) {
    const value = params[name];
    if (typeof value === "string" && /^#[0-9a-f]{3,8}$/i.test(value)) {
      root.style.setProperty(THEME[name], value);
    }
  }
  if (!params.section_bg_color) {
    root.style.setProperty("--tg-section-bg", params.bg_color);
  }
  root.classList.add("themed");
  root.classList.toggle("dark", isDark(params.bg_color));
}

function readTheme() {
  if (webApp && webApp.themeParams) return webApp.themeParams;
  try {
    return JSON.parse(launch.get("tgWebAppThemeParams") || "null");
  } catch (error) {
    return null;
  }
}

// Theme changes arrive as events: from Telegram's script, or the bridge's own way.
function onTelegramEvent(type, data) {
  if (type === "theme_changed" && data) applyTheme(data.theme_params);
}
if (webApp) {
  webApp.onEvent("themeChanged", () => applyTheme(webApp.themeParams));
} else {
  window.Telegram = window.Telegram || {};
  window.Telegram.WebView = window.Telegram.WebView || { receiveEvent: onTelegramEvent };
  window.addEventListener("message", (event) => {
    try {
      const message = JSON.parse(event.data);
      onTelegramEvent(message.eventType, message.eventData);
    } catch (error) {
      // Not a message from Telegram.
    }
  });
}

// --- exact arithmetic ---------------------------------------------------------------------

function gcd(a, b) {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a || 1;
}

function fraction(n, d) {
  if (d < 0) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
}

function combine(a, op, b) {
  if (op === "+") return fraction(a.n * b.d + b.n * a.d, a.d * b.d);
  if (op === "-") return fraction(a.n * b.d - b.n * a.d, a.d * b.d);
  if (op === "*") return fraction(a.n * b.n, a.d * b.d);
  if (b.n === 0) return null;
  return fraction(a.n * b.d, a.d * b.n);
}

function valueText(v) {
  return v.d === 1 ? String(v.n) : `${v.n}/${v.d}`;
}

// --- the page -----------------------------------------------------------------------------

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

function t(key, params) {
  let text = (TEXTS[language] || TEXTS.en)[key] || TEXTS.en[key] || key;
  for (const [name, value] of Object.entries(params || {})) {
    text = text.split(`{${name}}`).join(String(value));
  }
  return text;
}

function setLanguage(code) {
  if (code && TEXTS[code]) language = code;
  document.documentElement.lang = language === "zh" ? "zh-CN" : "en";
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = t(element.dataset.text);
  }
  $("cards").setAttribute("aria-label", t("cards"));
}

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

function deal(hand) {
  state.hand = hand.slice();
  state.cards = hand.map((n) => ({ value: fraction(n, 1), expression: String(n) }));
  state.history = [];
  state.selected = null;
  state.op = null;
  state.locked = false;
  render();
}

function cardContent(button, value) {
  const text = valueText(value);
  button.setAttribute("aria-label", text);
  button.textContent = "";
  if (value.d === 1) {
    button.textContent = value.n < 0 ? `−${-value.n}` : String(value.n);
    return;
  }
  if (value.n < 0) {
    const sign = document.createElement("span");
    sign.className = "sign";
    sign.textContent = "−";
    button.append(sign);
  }
  const box = document.createElement("span");
  box.className = "fraction";
  for (const part of [Math.abs(value.n), value.d]) {
    const span = document.createElement("span");
    span.textContent = String(part);
    box.append(span);
  }
  button.append(box);
}

function render() {
  const cards = $("cards");
  cards.textContent = "";
  state.cards.forEach((card, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card";
    cardContent(button, card.value);
    button.setAttribute("aria-pressed", String(state.selected === index));
    button.disabled = state.locked;
    if (state.cards.length === 1 && card.value.n === 24 && card.value.d === 1) {
      button.classList.add("win");
    }
    button.addEventListener("click", () => tapCard(index));
    cards.append(button);
  });
  for (const button of document.querySelectorAll("#ops button")) {
    button.setAttribute("aria-pressed", String(state.op === button.dataset.op));
    button.disabled = state.locked;
  }
  $("undo").disabled = state.locked || state.history.length === 0;
  $("reset").disabled = state.locked || state.history.length === 0;
}

function tapCard(index) {
  if (state.locked) return;
  if (state.selected === null || state.selected === index) {
    state.selected = state.selected === index ? null : index;
    state.op = null;
    say(state.selected === null ? t("pick") : t("pickOp"));
  } else if (state.op === null) {
    state.selected = index;
    say(t("pickOp"));
  } else {
    apply(state.selected, state.op, index);
    return;
  }
  render();
}

function tapOp(op) {
  if (state.locked) return;
  if (state.selected === null) {
    say(t("pick"));
    return;
  }
  state.op = state.op === op ? null : op;
  say(state.op === null ? t("pickOp") : t("pickSecond"));
  render();
}

function apply(first, op, second) {
  const a = state.cards[first];
  const b = state.cards[second];
  const value = combine(a.value, op, b.value);
  if (value === null) {
    state.op = null;
    say(t("byZero"), "bad");
    render();
    return;
  }
  state.history.push(state.cards.slice());
  const made = { value, expression: `(${a.expression}${op}${b.expression})` };
  const cards = state.cards.slice();
  cards[second] = made;
  cards.splice(first, 1);
  state.cards = cards;
  state.selected = null;
  state.op = null;
  if (cards.length === 1) {
    if (value.n === 24 && value.d === 1) {
      submit(made.expression);
      return;
    }
    say(t("notYet", { value: valueText(value) }), "bad");
  } else {
    say(t("pick"));
  }
  render();
}

function undo() {
  if (state.locked || !state.history.length) return;
  state.cards = state.history.pop();
  state.selected = null;
  state.op = null;
  say(t("pick"));
  render();
}

function reset() {
  if (state.locked || !state.history.length) return;
  state.cards = state.history[0];
  state.history = [];
  state.selected = null;
  state.op = null;
  say(t("pick"));
  render();
}

// --- the server ---------------------------------------------------------------------------

class Refused extends Error {
  constructor(status, body) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function api(method, name, body) {
  const options = { method, headers: { "X-Telegram-Init-Data": initData } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`api/${name}`, options);
  } catch (error) {
    throw new Refused(0);
  }
  let data = {};
  try {
    data = await response.json();
  } catch (error) {
    data = {};
  }
  if (!response.ok) throw new Refused(response.status, data);
  if (data.language) setLanguage(data.language);
  return data;
}

function failed(error) {
  const status = error instanceof Refused ? error.status : 0;
  if (status === 401) {
    say(t(Date.now() - loadedAt >= LAUNCH_LIFE ? "reopen" : "unauthorized"), "bad");
  } else if (status === 429) say(t("tooFast"), "bad");
  else if (status >= 500) say(error.body.reason || t("busy"), "bad");
  else say(t("offline"), "bad");
}

function plain(html) {
  return new DOMParser().parseFromString(html, "text/html").body.textContent || "";
}

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

function showSolutions(data, heading) {
  const box = $("others");
  box.textContent = "";
  const title = document.createElement("p");
  if (data.solutions === null || data.solutions === undefined) {
    title.textContent = t("noList");
    box.append(title);
    return;
  }
  if (!data.solutions.length) {
    title.textContent = t("only");
    box.append(title);
    return;
  }
  title.textContent = heading;
  const list = document.createElement("ul");
  list.className = "others";
  for (const solution of data.solutions) {
    const item = document.createElement("li");
    item.textContent = solution;
    list.append(item);
  }
  box.append(title, list);
  if (data.more > 0) {
    const more = document.createElement("p");
    more.textContent = t("more", { count: data.more });
    box.append(more);
  }
}

async function submit(expression) {
  if (state.mode === "rush") return rushSubmit(expression); // rush.js
  state.locked = true;
  render();
  say(t("checking"));
  try {
    if (state.mode === "daily") {
      const reply = await api("POST", "daily", { day: state.day, expression });
      if (reply.state === "solved") {
        say(t("solvedDaily"), "good");
        showDailyResult(reply.result, reply.expression);
      } else {
        state.locked = false;
        say(reply.reason || t("notYet", { value: "?" }), "bad");
      }
    } else {
      const reply = await api("POST", "practice/answer", { token: state.token, expression });
      if (reply.ok) {
        state.stopped = Date.now();
        state.started = state.stopped - reply.seconds * 1000;
        tick();
        say(t("solvedPractice", { time: clockText(reply.seconds) }), "good");
        $("reveal").hidden = true; // solved: the solutions are listed below
        clearResult();
        $("result").hidden = false;
        $("built").textContent = t("built", { expression: reply.expression });
        showSolutions(reply, t("others"));
        $("again").hidden = false;
      } else {
        state.locked = false;
        say(reply.reason, "bad");
      }
    }
  } catch (error) {
    if (await dealtAgain(error)) return;
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

// The daily's clock starts when the player can see the cards, so the page first asks only
// for the player's state: a player who opened the app to practise (from the menu button,
// which opens on the Daily tab) has started nothing. Not opened today: the Start button.
async function openDaily() {
  state.mode = "daily";
  selectTab();
  clearResult();
  showGate(false);
  $("levels").hidden = true;
  $("reveal").hidden = true;
  state.cards = [];
  state.locked = true;
  state.started = null;
  tick();
  render();
  say(t("loading"));
  try {
    const reply = await api("GET", "daily/state");
    if (state.mode !== "daily") return; // the player went to practice meanwhile
    state.day = reply.day;
    state.number = reply.number;
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

function showGate(shown) {
  $("gate").hidden = !shown;
  $("start").disabled = false;
  $("ops").hidden = shown;
  $("tools").hidden = shown;
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
    state.day = reply.day;
    state.number = reply.number;
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

// A practice hand's token is refused when it has expired (400), and the hand withdrawn when it
// would now spoil a game (409): either way, a new hand, saying why.
async function dealtAgain(error) {
  if (!(error instanceof Refused) || state.mode !== "practice") return false;
  if (error.status !== 400 && error.status !== 409) return false;
  await newHand(t(error.status === 400 ? "expired" : "withdrawn"));
  return true;
}

async function newHand(notice) {
  state.locked = true;
  clearResult();
  state.started = null;
  tick();
  say(t("loading"));
  try {
    const reply = await api("POST", "practice", { difficulty: state.level });
    if (state.mode !== "practice") return; // the player went to the daily meanwhile
    state.token = reply.token;
    $("title").textContent = t("practiceTitle");
    deal(reply.hand);
    state.stopped = null;
    state.started = Date.now();
    tick();
    $("reveal").hidden = false;
    if (notice) say(notice, "bad");
    else say(t("pick"));
  } catch (error) {
    failed(error);
  }
  render();
}

async function reveal() {
  if (state.mode !== "practice" || !state.token || state.locked) return;
  state.locked = true;
  state.stopped = Date.now();
  render();
  try {
    const reply = await api("POST", "practice/reveal", { token: state.token });
    clearResult();
    $("result").hidden = false;
    showSolutions(reply, t("allSolutions"));
    $("again").hidden = false;
    say("");
  } catch (error) {
    if (await dealtAgain(error)) return;
    state.locked = false;
    state.stopped = null;
    failed(error);
  }
}

function openPractice() {
  state.mode = "practice";
  selectTab();
  clearResult();
  showGate(false);
  $("levels").hidden = false;
  $("title").textContent = t("practiceTitle");
  for (const button of document.querySelectorAll("#levels button")) {
    button.setAttribute("aria-pressed", String(button.dataset.level === state.level));
  }
  newHand();
}

function selectTab() {
  $("tab-daily").setAttribute("aria-selected", String(state.mode === "daily"));
  $("tab-practice").setAttribute("aria-selected", String(state.mode === "practice"));
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

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  if (/^[1-4]$/.test(key) && Number(key) <= state.cards.length) {
    tapCard(Number(key) - 1);
  } else if (key === "+" || key === "-" || key === "*" || key === "/") {
    tapOp(key);
  } else if (key === "x" || key === "X") {
    tapOp("*");
  } else if (key === "Backspace" || key === "z") {
    undo();
  } else if (key === "Escape") {
    if (state.locked) return; // nothing to clear (no cards yet, or solved)
    state.selected = null;
    state.op = null;
    say(t("pick"));
    render();
  } else {
    return;
  }
  event.preventDefault();
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
  $("again").addEventListener("click", () => newHand());
  $("start").addEventListener("click", startDaily);
  $("tab-daily").addEventListener("click", openDaily);
  $("tab-practice").addEventListener("click", openPractice);
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
  else openDaily();
}

// After rush.js, loaded after this script, has added its part.
document.addEventListener("DOMContentLoaded", start);
