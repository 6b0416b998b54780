// Who this browser is: a player with a name (kept by the server, the browser holding only a
// session cookie), shown in the header, with a dialog to rename, to get a key that moves the
// player to another browser, and to be forgotten. A key link (`/#key=…`) opened here asks
// first, naming whose key it is, and makes this browser that player only when its visitor says
// so (any website can send a browser to such a link).
import { $, ask } from "./dom.js";
import { startSite } from "./site.js";

let me = null;

function show() {
  $("me").textContent = me ? `${me.display}${me.bot ? " (bot)" : ""}` : "Choose a name";
  $("me-bot-row").hidden = !me;
  $("me-bot").checked = Boolean(me && me.bot);
  $("me-sessions-box").hidden = !me;
  $("me").title = me ? "Your name, your key, forgetting you" : "Become a player with a name";
  $("me-forget").hidden = !me;
  $("me-games").hidden = !me;
  if (me) $("me-games").href = `/?player=${encodeURIComponent(me.id)}`;
  $("me-key").hidden = !me;
  $("me-name").value = me ? me.name : "";
  $("me-now").textContent = me ? `You are ${me.display}.` : "You have no name here yet.";
}

async function save(event) {
  event.preventDefault();
  const { ok, json } = await ask("POST", "/api/me", { name: $("me-name").value });
  $("me-error").textContent = ok ? "" : json.error || "not saved";
  if (ok) {
    me = json;
    show();
    startSite(me);
  }
}

async function key() {
  const { ok, json } = await ask("POST", "/api/me/key");
  if (!ok) {
    $("me-error").textContent = json.error || "no key";
    return;
  }
  const link = new URL(json.link, location.href).href;
  $("me-key-link").textContent = link;
  $("me-key-link").href = link;
  $("me-key-box").hidden = false;
}

/** Marks this player as a bot, or as a person again. */
async function markBot() {
  const { ok, json } = await ask("POST", "/api/me/bot", { bot: $("me-bot").checked });
  $("me-error").textContent = ok ? "" : json.error || "not saved";
  if (ok) me = json;
  show();
}

/** Lists this player's browsers, each with a button that signs it out. */
async function listSessions() {
  const list = $("me-sessions");
  list.textContent = "";
  if (!me) return;
  const { ok, json } = await ask("GET", "/api/me/sessions");
  if (!ok) return;
  for (const session of json.sessions) {
    const item = document.createElement("li");
    const since = new Date(session.created * 1000).toLocaleString();
    const how = session.how === "key" ? "by a key" : "by your name";
    item.append(`Since ${since}, ${how}${session.this ? " (this browser)" : ""} `);
    const end = document.createElement("button");
    end.type = "button";
    end.textContent = session.this ? "Sign out here" : "Sign out";
    end.addEventListener("click", async () => {
      const answer = await ask("DELETE", `/api/me/sessions/${encodeURIComponent(session.id)}`);
      if (answer.ok && answer.json.this) {
        me = null;
        show();
      }
      await listSessions();
    });
    item.append(end);
    list.append(item);
  }
}

async function forget() {
  if (!confirm("Forget your name and key on this server?")) return;
  const { ok, json } = await ask("DELETE", "/api/me");
  $("me-error").textContent = ok ? "" : json.error || "not forgotten";
  if (ok) {
    me = null;
    $("me-key-box").hidden = true;
    show();
  }
}

/** Shows who this browser is, claims a key link, and sets the dialog's handlers; called once. */
export async function initPlayer() {
  $("me").addEventListener("click", () => {
    $("me-dialog").showModal();
    listSessions();
  });
  $("me-bot").addEventListener("change", markBot);
  $("me-close").addEventListener("click", () => $("me-dialog").close());
  $("me-form").addEventListener("submit", save);
  $("me-key").addEventListener("click", key);
  $("me-forget").addEventListener("click", forget);
  const offered = takeKey();
  const { ok, json } = await ask("GET", "/api/me");
  me = ok ? json : null;
  show();
  startSite(me);
  if (offered) await offerKey(offered);
  // A key link opened in a tab already on this site changes only the address's fragment.
  window.addEventListener("hashchange", () => {
    const key = takeKey();
    if (key) offerKey(key);
  });
}

/** The key of a key link in the address, taken out of it at once (it is a secret). */
function takeKey() {
  const key = new URLSearchParams(location.hash.slice(1)).get("key");
  if (key) history.replaceState(null, "", location.pathname + location.search);
  return key;
}

/** Says whose a key link's key is and claims it only when asked to. */
async function offerKey(offered) {
  const owner = await ask("POST", "/api/me/key-player", { key: offered });
  if (!owner.ok) {
    $("me-said").textContent = owner.json.error || "the key was refused";
    $("me-said").hidden = false;
    return;
  }
  if (me && me.id === owner.json.id) {
    $("me-said").textContent = `This browser is already ${me.display}.`;
    $("me-said").hidden = false;
    return;
  }
  $("key-offer-text").textContent = me
    ? `This link holds the key of another player. You are ${me.display} here. Become ${owner.json.display} instead?`
    : `This link holds the key of ${owner.json.display}. Become ${owner.json.display} in this browser?`;
  $("key-offer").hidden = false;
  $("key-accept").focus();
  const answered = () => { $("key-offer").hidden = true; };
  $("key-refuse").onclick = () => {
    answered();
    $("me-said").textContent = me ? `You are still ${me.display}.` : "Nothing changed.";
    $("me-said").hidden = false;
  };
  $("key-accept").onclick = async () => {
    answered();
    const { ok, json } = await ask("POST", "/api/me/claim", { key: offered });
    $("me-said").textContent = ok ? `This browser is now ${json.display}.` : json.error || "the key was refused";
    $("me-said").hidden = false;
    if (ok) {
      me = json;
      show();
    }
  };
}
