// The profile view: /me's card (the same picture) above the player's numbers and
// achievements, as /me and /achievements tell them in the chat (the server's lines, in the
// player's language).
"use strict";

// Its own element: the profile's section, where the cards would be.
$("cards").before(viewElement("section", { id: "profile", className: "profile", hidden: true }));

// The card's PNG as a data: address (an <img> cannot send the launch data, and the page's
// policy loads images from itself or data: only); null if it did not come.
async function profilePicture() {
  let response;
  try {
    response = await fetch("api/profile/card", { headers: { "X-Telegram-Init-Data": initData } });
  } catch (error) {
    return null;
  }
  if (!response.ok) return null;
  const blob = await response.blob();
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}

async function openProfile() {
  state.mode = "profile";
  selectTab();
  $("profile").hidden = false;
  clearResult();
  showGate(false);
  for (const id of ["ops", "tools"]) $(id).hidden = true;
  state.cards = [];
  state.locked = true;
  state.started = null;
  tick();
  render();
  $("title").textContent = t("profile");
  $("profile").textContent = "";
  say(t("loading"));
  try {
    const [reply, picture] = await Promise.all([api("GET", "profile"), profilePicture()]);
    if (state.mode !== "profile") return; // the player went to another tab meanwhile
    if (picture) {
      const image = document.createElement("img");
      image.className = "profile-picture";
      image.src = picture;
      image.alt = plain((reply.card || [""])[0]); // their name, as the card draws it
      $("profile").append(image);
    }
    for (const [name, lines] of [["profile-card", reply.card], ["profile-list", reply.achievements]]) {
      const box = document.createElement("div");
      box.className = name;
      for (const line of lines || []) {
        const p = document.createElement("p");
        p.textContent = plain(line);
        box.append(p);
      }
      $("profile").append(box);
    }
    say("");
  } catch (error) {
    failed(error);
  }
}

registerView("profile", { tab: "profile", parts: ["profile"], cards: false, open: openProfile });
