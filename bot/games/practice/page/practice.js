// The practice view: hands of a chosen difficulty, the answer, and the solutions on demand.
"use strict";

const practice = { token: null, level: "easy" }; // the hand dealt, the level chosen

// Its own elements: the levels above the Start gate, Show solutions after the tools.
$("gate").before(viewElement("div", { id: "levels", className: "levels", hidden: true }));
$("levels").append(viewElement("button", { text: "easy" }), viewElement("button", { text: "medium" }));
$("levels").append(viewElement("button", { text: "hard" }));
for (const button of $("levels").children) {
  button.dataset.level = button.dataset.text; // a level's label is its name's
  button.addEventListener("click", () => {
    practice.level = button.dataset.level;
    openPractice();
  });
}
$("tools").append(viewElement("button", { id: "reveal", text: "reveal", hidden: true }));

// A practice answer: solved (in how long, and the other solutions), or why not.
async function answerPractice(expression) {
  const reply = await api("POST", "practice/answer", { token: practice.token, expression });
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
    const reply = await api("POST", "practice", { difficulty: practice.level });
    if (state.mode !== "practice") return; // the player went to the daily meanwhile
    practice.token = reply.token;
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
  if (state.mode !== "practice" || !practice.token || state.locked) return;
  state.locked = true;
  state.stopped = Date.now();
  render();
  try {
    const reply = await api("POST", "practice/reveal", { token: practice.token });
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
    button.setAttribute("aria-pressed", String(button.dataset.level === practice.level));
  }
  newHand();
}

$("reveal").addEventListener("click", reveal);
registerView("practice", {
  tab: "practice",
  parts: ["levels", "reveal"],
  open: openPractice,
  answer: answerPractice,
  over: dealtAgain,
  again: () => newHand(),
});
