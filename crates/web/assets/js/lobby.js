// The lobby (`/?lobby`): post a challenge, see the open ones live and take a seat, watch the
// games being played. The page asks the server again every little while (any server node
// answers from the database), which also keeps its player's challenges open; when a
// challenge this browser sits at starts, the page goes to the game, whose seat opens by the
// player's session alone.
import { $, ask, html } from "./dom.js";
import { chosenOptions, fillOptions, optionsText } from "./options.js";
import { miniature } from "./miniature.js";

let catalog = null;
let mine = new Set(JSON.parse(sessionStorage.getItem("tabuleiro:challenges") || "[]"));
let me = null;
let scrolled = false;
// What the live boards last showed, so that they are drawn again only when a game moved.
let boardsShown = "";

function remember() {
  sessionStorage.setItem("tabuleiro:challenges", JSON.stringify([...mine]));
}

function who(p) {
  const rating = p.rating ? ` ${p.rating.value}${p.rating.provisional ? "?" : ""}` : "";
  return `${p.name}#${p.tag}${p.bot ? " (bot)" : ""}${rating}`;
}

/** The most watched games as small boards, each a link to watch it (the server sends the
 * position of a few); drawn again when one of them moved. */
function drawLiveBoards(playing) {
  const pictured = playing.filter((g) => g.picture);
  const shown = JSON.stringify(pictured.map((g) => [g.id, g.picture]));
  if (shown === boardsShown) return;
  boardsShown = shown;
  const list = $("lobby-boards");
  list.textContent = "";
  list.hidden = pictured.length === 0;
  for (const g of pictured) {
    const names = g.seats.map((s) => (s.player ? who(s.player) : "")).join(" vs ");
    const item = html("li", "live-board");
    const a = html("a", "");
    a.href = `/?game=${encodeURIComponent(g.id)}`;
    a.setAttribute("aria-label", `Watch ${names}, ${g.name}`);
    a.append(miniature(g.picture, `${g.name}: ${names}`), html("span", "live-names", names), html("span", "note", `${g.name} · ${g.clock}`));
    item.append(a);
    list.append(item);
  }
}

function chosenClock() {
  const chosen = $("challenge-clock").value;
  if (!chosen) return null;
  if (chosen === "custom") return { minutes: Number($("challenge-minutes").value), increment: Number($("challenge-increment").value) };
  if (chosen.endsWith("d")) return { days: Number(chosen.slice(0, -1)) };
  const [minutes, increment] = chosen.split("+").map(Number);
  return { minutes, increment };
}

function fillPlayers() {
  const info = catalog.games.find((g) => g.id === $("challenge-game").value);
  const players = $("challenge-players");
  players.textContent = "";
  for (let n = info.min_players; n <= info.max_players; n++) players.add(new Option(String(n), String(n)));
  fillOptions(info, $("challenge-options"));
}

function started(gameId) {
  mine.clear();
  remember();
  location.assign(`/?game=${encodeURIComponent(gameId)}`);
}

async function take(id) {
  const { ok, json } = await ask("POST", `/api/lobby/${encodeURIComponent(id)}/accept`);
  if (!ok) {
    $("lobby-error").textContent = json.error || "the seat was not taken";
    return;
  }
  if (json.game) {
    started(json.game);
    return;
  }
  mine.add(id);
  remember();
  refresh();
}

async function cancel(id) {
  const { ok, json } = await ask("DELETE", `/api/lobby/${encodeURIComponent(id)}`);
  if (!ok) $("lobby-error").textContent = json.error || "not cancelled";
  mine.delete(id);
  remember();
  refresh();
}

/** A cell with its column's name, shown before it when the table is a list of cards (a phone). */
function labelled(label, text) {
  const td = html("td", "", text);
  td.dataset.label = label;
  return td;
}

function button(text, label, action) {
  const b = html("button", "", text);
  b.type = "button";
  b.setAttribute("aria-label", label);
  b.addEventListener("click", action);
  return b;
}

async function refresh() {
  const answer = await fetch("/api/lobby");
  if (!answer.ok) return;
  const lobby = await answer.json();
  // A challenge this browser sits at that started: to the game.
  for (const id of mine) {
    const one = await ask("GET", `/api/lobby/${encodeURIComponent(id)}`);
    if (one.ok && one.json.game_id) {
      started(one.json.game_id);
      return;
    }
    if (!one.ok) mine.delete(id);
  }
  remember();
  const rows = $("lobby-challenges");
  rows.textContent = "";
  const open = lobby.challenges.filter((c) => !c.game_id);
  $("lobby-none").hidden = open.length > 0;
  for (const c of open) {
    const tr = document.createElement("tr");
    const players = c.seated.map(who).join(", ");
    const info = catalog.games.find((g) => g.id === c.game);
    const kind = `${c.rated ? "rated" : "casual"}${c.bots ? ", bots welcome" : ""}${c.from_bot ? ", posted by a bot" : ""}`;
    const cells = [["Game", c.name], ["Seats", `${c.seated.length} of ${c.players}`], ["Options", optionsText(info, c.options || {})],
      ["Clock", c.clock], ["Kind", kind], ["Players", players]];
    for (const [label, text] of cells) tr.appendChild(labelled(label, text));
    const cell = document.createElement("td");
    cell.className = "act";
    const seated = me && c.seated.some((p) => p.id === me.id);
    if (me && c.seated[0].id === me.id) {
      cell.appendChild(button("Cancel", `Cancel your ${c.name} challenge`, () => cancel(c.id)));
    } else if (seated) {
      cell.append("waiting for players");
    } else if (me && me.bot && !c.bots) {
      cell.append("for people only");
    } else {
      cell.appendChild(button("Accept", `Accept ${who(c.seated[0])}'s ${c.name} challenge`, () => take(c.id)));
    }
    tr.appendChild(cell);
    rows.appendChild(tr);
  }
  drawLiveBoards(lobby.playing);
  const playing = $("lobby-playing");
  playing.textContent = "";
  $("lobby-idle").hidden = lobby.playing.length > 0;
  $("lobby-playing-table").hidden = lobby.playing.length === 0;
  for (const g of lobby.playing) {
    const tr = document.createElement("tr");
    const names = g.seats.map((s) => (s.player ? who(s.player) : "")).join(" vs ");
    for (const [label, text] of [["Game", g.name], ["Players", names], ["Clock", g.clock], ["Spectators", String(g.spectators)]]) {
      tr.appendChild(labelled(label, text));
    }
    const cell = document.createElement("td");
    cell.className = "act";
    const a = html("a", "", "Watch");
    a.href = `/?game=${encodeURIComponent(g.id)}`;
    a.setAttribute("aria-label", `Watch ${names}, ${g.name}`);
    cell.appendChild(a);
    tr.appendChild(cell);
    playing.appendChild(tr);
  }
  // Sent to the games being played (`/?lobby#playing-now`): there once they are listed.
  if (location.hash === "#playing-now" && !scrolled) {
    scrolled = true;
    $("playing-now").scrollIntoView({ block: "start" });
  }
  setTimeout(refresh, lobby.poll_ms || 1500);
}

/** Shows the lobby. */
export async function showLobby() {
  $("lobby").hidden = false;
  document.title = "Lobby — tabuleiro";
  catalog = await (await fetch("/api/catalog")).json();
  for (const g of catalog.games) $("challenge-game").add(new Option(g.name, g.id));
  $("challenge-game").addEventListener("change", fillPlayers);
  $("challenge-clock").addEventListener("change", () => { $("challenge-custom").hidden = $("challenge-clock").value !== "custom"; });
  fillPlayers();
  const who = await ask("GET", "/api/me");
  me = who.ok ? who.json : null;
  $("challenge-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("lobby-error").textContent = "";
    const body = {
      game: $("challenge-game").value,
      players: Number($("challenge-players").value),
      options: chosenOptions($("challenge-options")),
      rated: $("challenge-rated").checked,
      bots: $("challenge-bots").checked,
    };
    const clock = chosenClock();
    if (clock) body.clock = clock;
    const { ok, json } = await ask("POST", "/api/lobby", body);
    if (!ok) {
      $("lobby-error").textContent = json.error || "not posted";
      return;
    }
    if (!me) me = (await ask("GET", "/api/me")).json;
    mine.add(json.id);
    remember();
  });
  refresh();
}
