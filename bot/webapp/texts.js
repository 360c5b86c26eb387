// The page's strings in English and Chinese (rush.js adds Rush's), and the language they are
// shown in: Telegram's, until the server names the one the player chose in the chat.
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

function languageOf(code) {
  return String(code || "").toLowerCase().startsWith("zh") ? "zh" : "en";
}
let language = languageOf(player.language_code);

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
