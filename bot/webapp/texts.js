// The page's strings, from the bot's catalogues (catalogue.js, served by the bot: CATALOGUE
// holds each language's table, LANGUAGE_OF reads Telegram's language codes as the bot does),
// and the language they are shown in: Telegram's, until the server names the one the player
// chose in the chat. A right-to-left language mirrors the page (dir="rtl").
"use strict";

const TEXTS = Object.fromEntries(
  Object.entries(CATALOGUE).map(([code, entry]) => [code, entry.texts]),
);

function languageOf(code) {
  const wanted = String(code || "").toLowerCase().replace(/_/g, "-");
  return LANGUAGE_OF[wanted] || LANGUAGE_OF[wanted.split("-")[0]] || "en";
}
let language = languageOf(player.language_code);

function t(key, params) {
  let text = (TEXTS[language] || TEXTS.en)[key] || TEXTS.en[key] || key;
  if (typeof text === "object") {  // forms by plural category, for params.count
    const count = Number((params || {}).count) || 0;
    const category = new Intl.PluralRules(CATALOGUE[language].tag).select(count);
    text = text[category] || text.other || Object.values(text)[0];
  }
  for (const [name, value] of Object.entries(params || {})) {
    text = text.split(`{${name}}`).join(String(value));
  }
  return text;
}

function setLanguage(code) {
  if (code && TEXTS[code]) language = code;
  document.documentElement.lang = CATALOGUE[language].tag;
  document.documentElement.dir = CATALOGUE[language].rtl ? "rtl" : "ltr";
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = t(element.dataset.text);
  }
  $("cards").setAttribute("aria-label", t("cards"));
}
