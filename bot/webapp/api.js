// The server's APIs: every call carries what says who calls (the launch data, or the game's token).
"use strict";

class Refused extends Error {
  constructor(status, body) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

// One call of a page API at `path`, with the header that says who calls; an answer that
// is not 2xx (or no answer at all: status 0) is thrown as Refused.
async function callApi(method, path, credential, body) {
  const options = { method, headers: credential };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
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

async function api(method, name, body) {
  return callApi(method, `api/${name}`, { "X-Telegram-Init-Data": initData }, body);
}

function failed(error) {
  const status = error instanceof Refused ? error.status : 0;
  if (status === 401) {
    say(t(Date.now() - loadedAt >= LAUNCH_LIFE ? "reopen" : "unauthorized"), "bad");
  } else if (status === 429) say(t("tooFast"), "bad");
  else if (status >= 500) say(error.body.reason || t("busy"), "bad");
  else if (status && error.body.reason) say(error.body.reason, "bad"); // refused, and why
  else say(t("offline"), "bad");
}
