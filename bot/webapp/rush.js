// Rush on the Mini App's page (?mode=rush), as the Telegram game opens it: the server deals,
// judges and keeps the clock; the page sends the hand's number and the expression built,
// never a score. A game has no launch data: the token the bot signed comes in the
// address's fragment (#game=…) and goes back with each call in the X-Game-Token header.
// Uses the page's shared scripts (state and render in page.js and board.js, say, t…): loaded
// after them (see index.html).
"use strict";

const RUSH_TEXTS = {
  en: {
    rushTitle: "Rush",
    rushRules: "Rush: 120 seconds on the clock. Each hand solved: +10 s and a point " +
      "(the clock holds at most 3:00); each skip: −20 s. The hands get harder as you " +
      "score, and a run lasts at most 10 minutes. Answers within 1.5 s of their hand " +
      "count for nothing.",
    skip: "Skip −20 s",
    rushScore: "Score {score} · level {level}",
    rushSolved: "Solved in {time} s! +{bonus} s",
    rushFull: "Solved in {time} s! The clock is full (3:00).",
    rushTooFast: "Too fast: an answer within {floor} s of its hand counts for nothing " +
      "(nobody reads four cards and taps an answer that quickly). The hand is still on, " +
      "and this run now stays off the boards.",
    rushOffBoards: "An answer came faster than a person can: this run counts among your " +
      "runs, but on no high-score table, no board and as no personal best.",
    rushScriptPace: "Your answers came at a script's pace (half of them within 3 s): this " +
      "run counts among your runs, but on no high-score table, no board and as no personal best.",
    rushLasted: "The run has reached its end: 10:00 of play.",
    rushOut: "{reason} Skip to go on.",
    rushStale: "That hand was already over: here is the current one.",
    rushOver: "Time! Your score: {score}",
    rushHands: "Hands solved: {hands} · skips: {skips} · {time}",
    rushFastest: "Fastest hand: {time} s",
    rushNewBest: "A new personal best!",
    rushBest: "Your best: {best}",
    rushUnsaved: "Your run is counted; it is written as soon as the bot's disk takes it.",
    rushTable: "High scores of this game message:",
    rushTableRow: "{position}. {name}: {score}",
    rushTableWait: "The high scores are on their way…",
    rushAgain: "Press Play in the chat to run again.",
    rushToken: "This game link has expired or was used up: press Play in the chat again.",
  },
  zh: {
    rushTitle: "极速挑战",
    rushRules: "极速挑战：计时 120 秒。每解出一手牌 +10 秒、得 1 分（计时最多 3:00）；" +
      "每跳过一手 −20 秒。得分越高，牌越难；一局最长 10 分钟。牌出现后 1.5 秒内的答案不算数。",
    skip: "跳过 −20 秒",
    rushScore: "得分 {score} · 第 {level} 级",
    rushSolved: "用时 {time} 秒，解出来了！+{bonus} 秒",
    rushFull: "用时 {time} 秒，解出来了！计时已满（3:00）。",
    rushTooFast: "太快了：牌出现后 {floor} 秒之内的答案不算数（没有人能这么快看完四张牌再点出答案）。" +
      "这手牌还在，这一局从现在起不上排行榜。",
    rushOffBoards: "有答案比人能做到的还快：这一局只记入你的局数，不上高分榜和排行榜，也不算个人最佳。",
    rushScriptPace: "你的答案是脚本的速度（一半在 3 秒之内）：这一局只记入你的局数，不上高分榜和排行榜，也不算个人最佳。",
    rushLasted: "这一局已打满 10:00，到此结束。",
    rushOut: "{reason}跳过这手牌继续。",
    rushStale: "那手牌已经结束了：这是当前这手。",
    rushOver: "时间到！你的得分：{score}",
    rushHands: "解出 {hands} 手 · 跳过 {skips} 手 · 用时 {time}",
    rushFastest: "最快一手：{time} 秒",
    rushNewBest: "刷新个人最佳！",
    rushBest: "你的最佳：{best}",
    rushUnsaved: "这一局已计入；机器人的磁盘恢复后立即保存。",
    rushTable: "这条游戏消息的高分榜：",
    rushTableRow: "{position}. {name}：{score}",
    rushTableWait: "高分榜马上就来……",
    rushAgain: "在聊天里点“开始”再玩一局。",
    rushToken: "这个游戏链接已过期或已用过：请在聊天里重新点“开始”。",
  },
};
Object.assign(TEXTS.en, RUSH_TEXTS.en);
Object.assign(TEXTS.zh, RUSH_TEXTS.zh);
// A game has no launch data: the bot names the player's language in the address.
if (query.get("mode") === "rush" && TEXTS[query.get("lang")]) language = query.get("lang");

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
  document.querySelector("header").hidden = true;
  $("levels").hidden = true;
  $("reveal").hidden = true;
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
