// A player's page (`/?player=ID`): their name, their rating in each game, their puzzle rating
// in each game with the puzzles they tried, and their games (opponents, result, rating
// change, date), filtered by game; each game opens on its own
// page (a finished one with its replay and analysis board), and all of them download as JSON
// lines of records that `tabuleiro replay` reads.
import { $, html } from "./dom.js";
import { modeName } from "./words.js";

const RESULTS = { win: "won", loss: "lost", draw: "draw" };

function rating(r) {
  return `${r.rating}${r.provisional ? "?" : ""} ±${r.deviation}`;
}

function who(seat) {
  if (seat.player) return `${seat.player.name}#${seat.player.tag}${seat.player.bot ? " (bot)" : ""}`;
  return seat.computer ? `computer (${seat.name})` : "a visitor";
}

/** A cell with its column's name, shown before it when the table is a list of cards (a phone). */
function labelled(label, text) {
  const td = html("td", "", text);
  td.dataset.label = label;
  return td;
}

function change(c) {
  if (!c) return "";
  const delta = c.after - c.before;
  return `${c.before} → ${c.after}${c.provisional ? "?" : ""} (${delta > 0 ? "+" : delta < 0 ? "−" : "±"}${Math.abs(delta)})`;
}

async function fillGames(id) {
  const game = $("profile-filter").value;
  const query = game ? `?game=${encodeURIComponent(game)}` : "";
  $("profile-download").href = `/api/players/${encodeURIComponent(id)}/games${query}`;
  const answer = await fetch(`/api/players/${encodeURIComponent(id)}/history${query}`);
  const body = await answer.json().catch(() => ({}));
  const rows = $("profile-games");
  rows.textContent = "";
  if (!answer.ok) {
    $("profile-error").textContent = body.error || answer.statusText;
    return;
  }
  $("profile-none").hidden = body.games.length > 0;
  for (const g of body.games) {
    const tr = document.createElement("tr");
    const opponents = g.seats.filter((_, i) => i !== g.seat).map(who).join(", ");
    const link = html("a", "", "Open");
    link.href = `/?game=${encodeURIComponent(g.id)}`;
    link.setAttribute("aria-label", `Open the ${g.name} game of ${new Date(g.created * 1000).toLocaleString()}`);
    const cells = [
      ["Date", new Date(g.created * 1000).toLocaleString()],
      ["Game", g.name],
      ["Mode", modeName(g.mode)],
      ["Opponents", opponents],
      ["Result", g.over ? RESULTS[g.result] || "over" : "playing"],
      ["Rating change", change(g.change)],
      ["Clock", g.time_control],
    ];
    for (const [label, text] of cells) tr.appendChild(labelled(label, text));
    const open = document.createElement("td");
    open.className = "act";
    open.appendChild(link);
    tr.appendChild(open);
    rows.appendChild(tr);
  }
}

// The player's puzzle ratings and the puzzles they tried, newest first, each a link to it.
async function fillPuzzles(id, names) {
  const answer = await fetch(`/api/players/${encodeURIComponent(id)}/puzzles`);
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) return;
  $("profile-puzzles-none").hidden = body.attempts.length > 0;
  $("profile-puzzles-box").hidden = body.attempts.length === 0;
  const ratings = $("profile-puzzle-ratings");
  ratings.textContent = "";
  for (const r of body.ratings) {
    const tr = document.createElement("tr");
    for (const [label, text] of [["Game", names[r.game] || r.game], ["Puzzle rating", rating(r)], ["Rated attempts", String(r.attempts)]]) {
      tr.appendChild(labelled(label, text));
    }
    ratings.appendChild(tr);
  }
  const rows = $("profile-puzzles");
  rows.textContent = "";
  for (const a of body.attempts) {
    const tr = document.createElement("tr");
    const result = `${a.solved ? "solved" : "missed"}${a.rated ? "" : " (unrated)"}`;
    for (const [label, text] of [["Date", new Date(a.at).toLocaleString()], ["Game", names[a.game] || a.game]]) {
      tr.appendChild(labelled(label, text));
    }
    const link = html("a", "", a.puzzle);
    link.href = `/?puzzle=${encodeURIComponent(a.puzzle)}`;
    const cell = labelled("Puzzle", "");
    cell.appendChild(link);
    tr.appendChild(cell);
    tr.appendChild(labelled("Result", result));
    tr.appendChild(labelled("Puzzle rating after", a.rated ? String(a.rating_after) : ""));
    rows.appendChild(tr);
  }
}

/** Shows player `id`'s page. */
export async function profile(id) {
  $("profile").hidden = false;
  const answer = await fetch(`/api/players/${encodeURIComponent(id)}`);
  const player = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    $("profile-name").textContent = "No such player";
    $("profile-error").textContent = player.error || answer.statusText;
    return;
  }
  $("profile-name").textContent = player.bot ? `${player.display} (bot)` : player.display;
  document.title = `${player.display} — tabuleiro`;
  const catalog = await (await fetch("/api/catalog")).json();
  const names = Object.fromEntries(catalog.games.map((g) => [g.id, g.name]));
  const ratings = $("profile-ratings");
  ratings.textContent = "";
  $("profile-unrated").hidden = player.ratings.length > 0;
  for (const r of player.ratings) {
    const tr = document.createElement("tr");
    for (const [label, text] of [["Game", names[r.game] || r.game], ["Rating", rating(r)], ["Rated games", String(r.games)]]) {
      tr.appendChild(labelled(label, text));
    }
    ratings.appendChild(tr);
  }
  await fillPuzzles(id, names);
  for (const g of catalog.games) $("profile-filter").add(new Option(g.name, g.id));
  $("profile-filter").addEventListener("change", () => fillGames(id));
  await fillGames(id);
}
