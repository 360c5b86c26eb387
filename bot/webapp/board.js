// The cards: tap a card, an operator and another card (or use the keys); both become the
// result, until one card is left. At 24 the expression built goes to submit (app.js).
"use strict";

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
