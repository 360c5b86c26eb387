// Telegram's colours on the page: from the launch data, then as they change.
"use strict";

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
