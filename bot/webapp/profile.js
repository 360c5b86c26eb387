// The profile view: the player's numbers and achievements, as /me and /achievements tell
// them in the chat (the server's lines, in the player's language).
"use strict";

async function openProfile() {
  state.mode = "profile";
  selectTab();
  clearResult();
  showGate(false);
  for (const id of ["ops", "tools", "levels"]) $(id).hidden = true;
  state.cards = [];
  state.locked = true;
  state.started = null;
  tick();
  render();
  $("title").textContent = t("profile");
  $("profile").textContent = "";
  say(t("loading"));
  try {
    const reply = await api("GET", "profile");
    if (state.mode !== "profile") return; // the player went to another tab meanwhile
    for (const [name, lines] of [["profile-card", reply.card], ["profile-list", reply.achievements]]) {
      const box = document.createElement("div");
      box.className = name;
      for (const line of lines || []) {
        const p = document.createElement("p");
        p.textContent = plain(line); // daily.js
        box.append(p);
      }
      $("profile").append(box);
    }
    say("");
  } catch (error) {
    failed(error);
  }
}
