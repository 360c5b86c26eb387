// The arena view: a group's arena played by tapping, opened from its "Play by tapping" link
// (the link's start parameter, in the signed launch data, names the arena). The server deals
// the same hands as the chat's, keeps the clock and counts the points; the page shows them.
"use strict";

const arena = { index: null, berserkNext: false, timer: null };

// Its own elements among the tools: Berserk and Skip (their labels come from the server).
$("tools").append(
  viewElement("button", { id: "arena-berserk", label: "⚡ Berserk", hidden: true }),
  viewElement("button", { id: "arena-skip", label: "⏭ Skip", hidden: true }),
);

// The arena as the server tells it: the hand on (its clock from when it reached the
// player), the points and the place; then, when its time or the arena's start comes, asked
// again (the server has moved on by then).
function arenaShow(reply) {
  if (state.mode !== "arena") return;
  clearTimeout(arena.timer);
  $("title").textContent = reply.title;
  clearResult();
  if (reply.line) {
    $("result").hidden = false;
    $("built").textContent = reply.line;
  }
  const playing = reply.hand !== undefined;
  $("arena-skip").hidden = !playing;
  $("arena-berserk").hidden = !playing;
  if (!playing) {
    state.locked = true;
    state.started = null;
    tick();
    say(reply.status, reply.over ? "good" : "");
    if (reply.starts_in !== undefined) {
      arena.timer = setTimeout(arenaOpen, reply.starts_in * 1000 + 500);
    }
    render();
    return;
  }
  arena.index = reply.index;
  arena.berserkNext = reply.berserk_next;
  $("arena-skip").textContent = reply.skip_label;
  $("arena-berserk").textContent = reply.berserk_label;
  $("arena-berserk").setAttribute("aria-pressed", String(reply.berserk_next));
  deal(reply.hand);
  state.stopped = null;
  state.started = Date.now() - reply.elapsed * 1000;
  tick();
  say(reply.status);
  const left = Math.min(reply.seconds - reply.elapsed, reply.left);
  arena.timer = setTimeout(arenaOpen, Math.max(0, left) * 1000 + 500);
}

async function arenaCall(name, body) {
  try {
    arenaShow(await api("POST", name, body));
  } catch (error) {
    if (error instanceof Refused && error.status === 409 && error.body.error === "over") {
      if (name !== "arena") return arenaOpen(); // that hand is over: the one on now
    }
    state.locked = true;
    failed(error);
  }
  render();
}

function arenaOpen() {
  return arenaCall("arena", {});
}

async function answerArena(expression) {
  const reply = await api("POST", "arena/answer", { index: arena.index, expression });
  if (reply.hand !== undefined || reply.over || reply.starts_in !== undefined) {
    arenaShow(reply);
  } else {
    state.locked = false;
    say(reply.reason, "bad");
  }
}

// A hand no longer on when answered (its time ran out, or it was played in the chat): the
// hand on now.
async function arenaOver(error) {
  if (!(error instanceof Refused) || state.mode !== "arena" || error.status !== 409) return false;
  await arenaOpen();
  return true;
}

function openArena() {
  state.mode = "arena";
  selectTab();
  clearResult();
  showGate(false);
  state.locked = true;
  say(t("loading"));
  arenaOpen();
}

$("arena-skip").addEventListener("click", () => {
  if (state.mode === "arena" && arena.index !== null) {
    arenaCall("arena/skip", { index: arena.index });
  }
});
$("arena-berserk").addEventListener("click", () => {
  if (state.mode === "arena") arenaCall("arena/berserk", { on: !arena.berserkNext });
});
registerView("arena", {
  opens: (mode) => Boolean(mode) && mode.startsWith("arena_"), // a group's arena
  parts: ["arena-berserk", "arena-skip"],
  open: openArena,
  answer: answerArena,
  over: arenaOver,
});
