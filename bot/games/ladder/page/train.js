// The train view: the ladder's hands near the player's puzzle rating, one after another, each
// answer judged by the server and told with what it did to the rating (as /train in the chat).
"use strict";

const train = { number: null };

// Its own element: Skip (a miss), among the tools.
$("tools").append(viewElement("button", { id: "train-skip", text: "trainSkip", hidden: true }));

function trainTitle(rating) {
  $("title").textContent = t("trainTitle", { rating });
}

// The next hand (or the one still on: reopening the page deals no other).
async function trainNext() {
  state.locked = true;
  clearResult();
  state.started = null;
  tick();
  say(t("loading"));
  try {
    const reply = await api("POST", "train", {});
    if (state.mode !== "train") return; // the player went to another tab meanwhile
    train.number = reply.number;
    trainTitle(reply.rating);
    deal(reply.hand);
    state.stopped = null;
    state.started = Date.now() - reply.elapsed * 1000;
    tick();
    $("train-skip").hidden = false;
    say(t("trainHand", { rating: reply.hand_rating, seconds: reply.seconds }));
  } catch (error) {
    failed(error);
  }
  render();
}

// A hand's end as the server told it: the change to the rating, then the next hand on request.
function trainEnded(reply) {
  state.stopped = Date.now();
  tick();
  state.locked = true;
  $("train-skip").hidden = true;
  clearResult();
  $("result").hidden = false;
  $("built").textContent = reply.line;
  $("again").hidden = false;
  trainTitle(reply.rating);
  say("");
  render();
}

async function answerTrain(expression) {
  const reply = await api("POST", "train/answer", { number: train.number, expression });
  if (reply.line !== undefined) trainEnded(reply);
  else {
    state.locked = false;
    say(reply.reason, "bad");
  }
}

async function trainSkip() {
  if (state.mode !== "train" || train.number === null) return;
  state.locked = true;
  try {
    trainEnded(await api("POST", "train/skip", { number: train.number }));
  } catch (error) {
    if (await trainOver(error)) return;
    state.locked = false;
    failed(error);
  }
}

// The hand is no longer on (its time ran out, or another page of the player's ended it): the next.
async function trainOver(error) {
  if (!(error instanceof Refused) || state.mode !== "train" || error.status !== 409) return false;
  await trainNext();
  return true;
}

function openTrain() {
  state.mode = "train";
  selectTab();
  clearResult();
  showGate(false);
  trainNext();
}

$("train-skip").addEventListener("click", trainSkip);
registerView("train", {
  tab: "train",
  parts: ["train-skip"],
  open: openTrain,
  answer: answerTrain,
  over: trainOver,
  again: trainNext,
});
