// The site channel: while this browser has a player, every page keeps `/api/me/ws` open and is
// told what concerns them (docs/api.md, "The site channel"): a challenge of theirs taken — the
// game opens here, with a sound and the tab's title saying so —, an offer or the end of a game
// of theirs not on this page, their turn by post. It also lists their games being played
// ("Your games" in the header: whose turn, the time they have left), fetched again on each
// event and every 20 s.
import { $, ask, html } from "./dom.js";
import { chime } from "./settings.js";

let socket = null;
let retry = 1000;
let started = false;

/** Opens the site channel and the list of games for player `me` (none: nothing). */
export function startSite(me) {
  if (!me || started) return;
  started = true;
  connect();
  listGames();
  setInterval(listGames, 20_000);
  $("your-games").addEventListener("click", () => {
    const list = $("your-games-list");
    list.hidden = !list.hidden;
    $("your-games").setAttribute("aria-expanded", String(!list.hidden));
  });
}

function connect() {
  const url = new URL("/api/me/ws", location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(url);
  socket.addEventListener("open", () => { retry = 1000; });
  socket.addEventListener("message", (message) => {
    let event;
    try { event = JSON.parse(message.data); } catch { return; }
    heard(event);
  });
  socket.addEventListener("close", () => {
    socket = null;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 15_000);
  });
}

/** Whether this page shows game `id`. */
function onScreen(id) {
  return new URLSearchParams(location.search).get("game") === id;
}

const OFFERS = { draw: "offers a draw", takeback: "asks to take back their last move", rematch: "wants a rematch" };

function heard(event) {
  listGames();
  if (event.type === "started") {
    if (onScreen(event.game)) return;
    chime("turn");
    document.title = `▶ ${event.name}: your challenge was taken — tabuleiro`;
    location.assign(`/?game=${encodeURIComponent(event.game)}`);
    return;
  }
  // The game's own page says it on the board.
  if (onScreen(event.game)) return;
  const words = {
    offer: () => `${event.from} ${OFFERS[event.kind] || "offers something"}.`,
    your_turn: () => `Your turn in ${event.name} (by post).`,
    ended: () => `A game of yours ended: ${event.text}`,
  }[event.type];
  if (!words) return;
  chime("turn");
  const box = $("site-notice");
  const open = html("a", "", "Open it");
  open.href = `/?game=${encodeURIComponent(event.game)}`;
  const close = html("button", "", "Dismiss");
  close.type = "button";
  close.addEventListener("click", () => { box.hidden = true; });
  box.replaceChildren(words(), " ", open, " ", close);
  box.hidden = false;
}

/** "2:41", or "3 d" by post: the time a player has left. */
function left(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s >= 86_400) return `${Math.floor(s / 86_400)} d`;
  if (s >= 3_600) return `${Math.floor(s / 3_600)} h`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

async function listGames() {
  const { ok, json } = await ask("GET", "/api/me/games");
  if (!ok) return;
  const games = json.games || [];
  const mine = games.filter((g) => g.your_turn).length;
  $("your-games-box").hidden = games.length === 0;
  // Short in the header ("●": a turn of yours waits), said in full to a screen reader.
  const button = $("your-games");
  button.replaceChildren(`Games: ${games.length}`);
  if (mine) {
    const dot = html("span", "", " ●");
    dot.setAttribute("aria-hidden", "true");
    button.append(dot, html("span", "sr-only", `, your turn in ${mine}`));
  }
  const list = $("your-games-list");
  list.replaceChildren(...games.map((g) => {
    const a = html("a", "", `${g.name} with ${g.others.join(", ")}`);
    a.href = `/?game=${encodeURIComponent(g.id)}`;
    const turn = g.your_turn ? "your turn" : "their turn";
    const time = g.left_ms == null ? "" : `, ${left(g.left_ms)} left${g.running ? " (running)" : ""}`;
    const li = html("li", g.your_turn ? "yours" : "");
    li.append(a, ` — ${turn}${time}`);
    return li;
  }));
}
