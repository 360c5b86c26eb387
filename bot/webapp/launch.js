// Twenty-Four's Mini App: tap a card, an operator and another card; both become the result.
// The server judges: the page sends the expression it built, with the launch data Telegram
// gave it (read from the address's hash; Telegram's own script is used if present, never
// needed).
//
// The page is classic scripts sharing one global scope, run in the order index.html lists
// them (launch, theme, catalogue (served by the bot), texts, fractions, page, board, api,
// then each view's, then app): while loading, a script uses only what the ones before it
// defined; a view's registers it (registerView, page.js), and app.js starts the page once all
// have run. This one: the launch data, and telling Telegram without its script.
"use strict";

const launch = new URLSearchParams(location.hash.slice(1));
const query = new URLSearchParams(location.search);
const webApp = window.Telegram && window.Telegram.WebApp ? window.Telegram.WebApp : null;
const initData = (webApp && webApp.initData) || launch.get("tgWebAppData") || "";
const signed = new URLSearchParams(initData);
// The server takes launch data for an hour after Telegram signs it (when it opens the page).
const LAUNCH_LIFE = 3600 * 1000;
const loadedAt = Date.now();
let player = {};
try {
  player = JSON.parse(signed.get("user") || "{}");
} catch (error) {
  player = {};
}

// Without Telegram's script, the page still tells Telegram it is ready, the way the script
// does: through the app's webview bridge, or to the parent frame on Telegram Web.
function postEvent(type, data) {
  const payload = JSON.stringify(data || {});
  try {
    if (window.TelegramWebviewProxy) {
      window.TelegramWebviewProxy.postEvent(type, payload);
    } else if (window.parent !== window) {
      window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data || {} }), "*");
    }
  } catch (error) {
    // Not in Telegram: nothing to tell.
  }
}
