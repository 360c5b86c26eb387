// The server's API: every call carries the launch data, for the server to check who calls.
"use strict";

class Refused extends Error {
  constructor(status, body) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function api(method, name, body) {
  const options = { method, headers: { "X-Telegram-Init-Data": initData } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`api/${name}`, options);
  } catch (error) {
    throw new Refused(0);
  }
  let data = {};
  try {
    data = await response.json();
  } catch (error) {
    data = {};
  }
  if (!response.ok) throw new Refused(response.status, data);
  if (data.language) setLanguage(data.language);
  return data;
}

function failed(error) {
  const status = error instanceof Refused ? error.status : 0;
  if (status === 401) {
    say(t(Date.now() - loadedAt >= LAUNCH_LIFE ? "reopen" : "unauthorized"), "bad");
  } else if (status === 429) say(t("tooFast"), "bad");
  else if (status >= 500) say(error.body.reason || t("busy"), "bad");
  else say(t("offline"), "bad");
}
