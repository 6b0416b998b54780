// Puzzles on the page: the puzzles page (`/?puzzles`: a game, a theme, rated puzzles or a
// streak) and a puzzle on the game's own board (`/?puzzle=ID`). The board, its pointing, keys,
// move list and announcements are a game's: the page joins the puzzle as it joins a game
// (connection.js, `openLocal`), and the server's `POST /api/puzzles/{id}/play` judges each
// turn and answers with states of the game's own form, which this module hands on one by one
// (the defender's answer a moment after the player's move). A player's first attempt at a
// puzzle is rated; a guest's are not, nor are a streak's. Nothing here knows any game.
import { $, ask, html } from "./dom.js";
import { game, ui } from "./state.js";
import { openLocal, receive } from "./connection.js";
import { onRender } from "./render.js";
import { miniature } from "./miniature.js";

// How long a position stays before the next one of an answer is shown.
const PAUSE = 700;
// The rating a streak starts at, and how much harder each next puzzle is asked to be.
const STREAK_START = 800;
const STREAK_STEP = 100;

// The puzzle on the board and how its attempt stands.
const now = {
  entry: null,
  // The player's moves since the position: the turns judged right, then the turn under way.
  mine: [],
  // How many of `mine` are turns judged right.
  judged: 0,
  // A wrong turn was played or the solution shown: the attempt counts as failed.
  failed: false,
  // The attempt's result was sent (once a puzzle).
  reported: false,
  // An answer is being shown: the board takes no move meanwhile.
  busy: false,
  over: false,
  version: 0,
  // Where the next puzzle comes from: the game, a theme, and a streak (null: rated puzzles).
  game: null,
  theme: "",
  streak: null,
};

const wait = (ms) => new Promise((done) => setTimeout(done, ms));

/** A puzzle's task, in words. */
function task(entry, seat) {
  const goal = entry.goal === "draw" ? "Find the only move that does not lose" : "Find the only winning move";
  const turns = entry.solution.filter((_, i) => i % 2 === 0).length;
  const length = entry.goal === "win" && turns > 1 ? ` (a win in ${turns}: the other side answers)` : "";
  return `${goal}${length} — you play Player ${seat + 1}.`;
}

function say(text) {
  $("puzzle-said").textContent = text;
}

// Hands a message of the server's form to the page, as the connection would.
function show(message) {
  if (message.type === "state") message.version = ++now.version;
  receive(message);
}

async function post(body) {
  return ask("POST", `/api/puzzles/${encodeURIComponent(now.entry.id)}/play`, body);
}

// Sends the attempt's result once; tells the rating it made.
async function report(solved) {
  if (now.reported) return;
  now.reported = true;
  if (now.streak) return;
  const answer = await ask("POST", `/api/puzzles/${encodeURIComponent(now.entry.id)}/attempt`, { solved });
  const j = answer.json;
  if (!answer.ok) $("puzzle-rating").textContent = j.error || "The attempt could not be stored.";
  else if (j.guest) $("puzzle-rating").textContent = "Unrated: choose a name to have a puzzle rating.";
  else if (!j.rated) $("puzzle-rating").textContent = "Unrated: only your first attempt at a puzzle is rated.";
  else {
    const delta = j.after.rating - j.before.rating;
    $("puzzle-rating").textContent = `Your puzzle rating: ${j.before.rating} → ${j.after.rating}${j.after.provisional ? "?" : ""} (${delta >= 0 ? "+" : "−"}${Math.abs(delta)})`;
  }
}

// The end of a puzzle: its themes and proof shown, the way on.
function finish(solved) {
  now.over = true;
  const e = now.entry;
  $("puzzle-about").textContent = `Puzzle ${e.id} · rating ${e.rating} · themes: ${e.themes.join(", ")} · ${e.proof}`;
  $("puzzle-solution").hidden = true;
  if (now.streak) {
    if (solved) {
      now.streak.count += 1;
      now.streak.rating += STREAK_STEP;
    } else {
      now.streak.over = true;
    }
    drawStreak();
  }
  $("puzzle-next").textContent = now.streak && now.streak.over ? "New streak" : "Next puzzle";
  report(solved);
  $("puzzle-next").focus();
}

function drawStreak() {
  const s = now.streak;
  $("puzzle-streak").hidden = !s;
  if (s) $("puzzle-streak").textContent = s.over ? `Streak over: ${s.count} solved in a row.` : `Streak: ${s.count} solved in a row.`;
}

// The page's messages to its "server": a move is judged, a look back answered.
async function serve(message) {
  if (message.type === "move") {
    if (now.busy || now.over) return;
    now.busy = true;
    try {
      await judge(message.notation);
    } finally {
      now.busy = false;
    }
  } else if (message.type === "look") {
    const answer = await post({ moves: now.mine, look: message.at });
    if (answer.ok) receive(answer.json);
  }
}

async function judge(notation) {
  now.mine.push(notation);
  const answer = await post({ moves: now.mine });
  const told = answer.json;
  if (!answer.ok) {
    now.mine.pop();
    receive({ type: "error", message: told.error || "That move was refused." });
    return;
  }
  const [first, ...rest] = told.states;
  const win = now.entry.goal !== "draw";
  switch (told.verdict) {
    case "unfinished":
      show(first);
      say("Go on: the turn has another move.");
      break;
    case "wrong":
      now.mine = now.mine.slice(0, now.judged);
      show(first);
      say(win ? "That is not the only win — try again." : "That loses — try again: one move holds the draw.");
      if (!now.failed) {
        now.failed = true;
        report(false);
        if (now.streak) {
          now.streak.over = true;
          drawStreak();
        }
      }
      await wait(PAUSE);
      show(rest[0]);
      break;
    case "best":
    case "solved": {
      now.judged = now.mine.length;
      show(first);
      const solved = told.verdict === "solved";
      say(solved ? (now.failed ? "Right — solved after a miss." : "Best move! Solved.") : "Best move! Keep going.");
      for (const state of rest) {
        await wait(PAUSE);
        show(state);
      }
      if (solved) finish(!now.failed);
      else say(`Best move! They answered ${told.answer.join(" ")}: your turn again.`);
      break;
    }
    default:
      break;
  }
}

// Plays the solution out from the last turn judged right.
async function showSolution() {
  // Asked while an answer is being shown: once it is.
  while (now.busy) await wait(50);
  if (now.over) return;
  now.busy = true;
  try {
    now.failed = true;
    now.mine = now.mine.slice(0, now.judged);
    const answer = await post({ moves: now.mine, show: true });
    if (!answer.ok) {
      say(answer.json.error || "The solution could not be shown.");
      return;
    }
    say("The solution:");
    for (const [i, state] of answer.json.states.entries()) {
      if (i > 0) await wait(PAUSE);
      show(state);
    }
    say(`The solution: ${now.entry.solution.map((turn) => turn.join(" ")).join(", ")}.`);
    finish(false);
  } finally {
    now.busy = false;
  }
}

// Opens `entry` on the board.
async function open(entry) {
  now.entry = entry;
  now.mine = [];
  now.judged = 0;
  now.failed = false;
  now.reported = false;
  now.over = false;
  const answer = await post({ moves: [] });
  if (!answer.ok) {
    say(answer.json.error || "This puzzle could not be opened.");
    return;
  }
  history.replaceState(null, "", `/?puzzle=${encodeURIComponent(entry.id)}${now.streak ? `&streak=${now.game}` : ""}`);
  // Each puzzle is seen from its own player's side.
  ui.flipped = null;
  ui.viewAt = null;
  game.state = null;
  openLocal(entry.id, serve);
  receive(answer.json.welcome);
  show(answer.json.states[0]);
  $("puzzle-task").textContent = task(entry, answer.json.seat);
  $("puzzle-about").textContent = `Puzzle ${entry.id} · rating ${entry.rating}`;
  $("puzzle-rating").textContent = "";
  $("puzzle-solution").hidden = false;
  $("puzzle-next").textContent = "Skip to another puzzle";
  say("");
  drawStreak();
  document.title = `${entry.name} puzzle — tabuleiro`;
}

// The next puzzle: for the player by rating, or the streak's next.
async function next() {
  if (now.streak && now.streak.over) now.streak = { count: 0, rating: STREAK_START, seen: [], over: false };
  const query = new URLSearchParams({ game: now.game });
  if (now.theme) query.set("theme", now.theme);
  const seen = now.streak ? now.streak.seen : JSON.parse(sessionStorage.getItem("tabuleiro:puzzles:seen") || "[]");
  if (now.streak) {
    query.set("streak", "true");
    query.set("rating", String(now.streak.rating));
  }
  if (seen.length) query.set("seen", seen.slice(-200).join(","));
  const answer = await ask("GET", `/api/puzzles/next?${query}`);
  if (!answer.ok) {
    say(answer.json.error || "No puzzle could be found.");
    return;
  }
  seen.push(answer.json.id);
  if (!now.streak) sessionStorage.setItem("tabuleiro:puzzles:seen", JSON.stringify(seen.slice(-200)));
  await open(answer.json);
}

// In a puzzle, the game's own buttons that mean nothing here are gone.
function hideGameButtons() {
  if (!game.welcome || game.welcome.mode !== "puzzle") return;
  for (const id of ["undo", "hint", "resign", "rematch", "download", "analyse", "new"]) $(id).hidden = true;
}

/** Opens a puzzle on the board: `id`, or (none) the next of game `gameId` (a streak when
 * `streak`), for `/?puzzle=ID` and the puzzles page's buttons. */
export async function playPuzzles({ id = null, gameId = null, theme = "", streak = false }) {
  $("play").hidden = false;
  $("puzzle-bar").hidden = false;
  onRender(hideGameButtons);
  $("puzzle-solution").addEventListener("click", showSolution);
  $("puzzle-next").addEventListener("click", () => {
    if (!now.busy) next();
  });
  now.theme = theme;
  now.streak = streak ? { count: 0, rating: STREAK_START, seen: [], over: false } : null;
  if (id) {
    const answer = await ask("GET", `/api/puzzles/${encodeURIComponent(id)}`);
    if (!answer.ok) {
      say(answer.json.error || `There is no puzzle “${id}” here.`);
      return;
    }
    now.game = answer.json.game;
    if (now.streak) now.streak.seen.push(id);
    await open(answer.json);
  } else {
    now.game = gameId;
    await next();
  }
}

/** The puzzles page (`/?puzzles`): today's puzzle, then a game and a theme for rated puzzles
 * or a streak. */
export async function showPuzzles() {
  $("puzzles").hidden = false;
  document.title = "Puzzles — tabuleiro";
  const answer = await ask("GET", "/api/puzzles");
  if (!answer.ok) {
    $("puzzles-error").textContent = answer.json.error || "No puzzles here.";
    return;
  }
  const games = answer.json.games;
  for (const g of games) $("puzzles-game").add(new Option(`${g.name} (${g.count} puzzles)`, g.game));
  const themes = () => {
    const g = games.find((x) => x.game === $("puzzles-game").value);
    const select = $("puzzles-theme");
    select.textContent = "";
    select.add(new Option("any theme", ""));
    for (const t of g ? g.themes : []) select.add(new Option(`${t.name} (${t.count})`, t.name));
  };
  $("puzzles-game").addEventListener("change", themes);
  themes();
  const go = (streak) => {
    const query = new URLSearchParams({ puzzles: "", game: $("puzzles-game").value });
    if ($("puzzles-theme").value) query.set("theme", $("puzzles-theme").value);
    if (streak) query.set("streak", "1");
    location.assign(`/?${query}`);
  };
  $("puzzles-form").addEventListener("submit", (event) => {
    event.preventDefault();
    go(false);
  });
  $("puzzles-streak").addEventListener("click", () => go(true));
  if (answer.json.daily) dailyLink($("puzzles-daily"), answer.json.daily);
}

// Fills `box` with today's puzzle: its board and a link to it.
async function dailyLink(box, id) {
  const answer = await ask("GET", `/api/puzzles/${encodeURIComponent(id)}`);
  if (!answer.ok) return;
  const p = answer.json;
  const link = html("a", "daily-puzzle");
  link.href = `/?puzzle=${encodeURIComponent(p.id)}`;
  const words = `Today's puzzle: ${p.name}, ${p.themes.filter((t) => !t.startsWith("win in")).slice(0, 2).join(", ") || p.goal}`;
  link.append(miniature(p.picture, `${words}: the position`), html("span", "", words));
  box.textContent = "";
  box.append(link);
  box.hidden = false;
}

/** The home page's Puzzles entry: today's puzzle and the way to the others. */
export async function homePuzzles() {
  const answer = await ask("GET", "/api/puzzles");
  if (!answer.ok || !answer.json.daily) return;
  $("home-puzzles").hidden = false;
  await dailyLink($("home-daily"), answer.json.daily);
}
