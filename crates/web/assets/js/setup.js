// The start page: a card for each game (a picture of it, its pitch) with one-click ways to play it (the computer, a quick
// game with a person through the lobby, a friend by link), and under "More options" the whole
// form: a game, its options and how it is played; then the links of an online game.
import { $, ask, html } from "./dom.js";
import { chosenOptions, fillOptions } from "./options.js";
import { fillRules } from "./panels.js";
import { miniature } from "./miniature.js";

let catalog = null;

// The quick games with a person, as the lobby names their clocks.
const QUICK = [
  { clock: "3+2", minutes: 3, increment: 2, words: "3 minutes each, 2 seconds more a move" },
  { clock: "10+5", minutes: 10, increment: 5, words: "10 minutes each, 5 seconds more a move" },
];

function fillSetup() {
  const info = catalog.games.find((g) => g.id === $("game").value);
  $("summary").textContent = info.summary;
  fillRules(info.name, info.rules);
  const players = $("players");
  players.textContent = "";
  for (let n = info.min_players; n <= info.max_players; n++) players.add(new Option(String(n), String(n)));
  $("players-label").hidden = info.min_players === info.max_players;
  // `perfect` exists only for games solved here.
  for (const option of $("level").options) {
    option.disabled = option.value === "perfect" && !info.solvable;
  }
  if ($("level").selectedOptions[0] && $("level").selectedOptions[0].disabled) $("level").value = "medium";
  fillOptions(info, $("options"));
  fillSeats();
}

function fillSeats() {
  const seat = $("seat");
  seat.textContent = "";
  for (let n = 1; n <= Number($("players").value); n++) seat.add(new Option(`player ${n}`, String(n - 1)));
  const mode = document.querySelector("input[name=mode]:checked").value;
  $("computer-settings").hidden = mode !== "computer";
  $("clock-settings").hidden = !["online", "casual", "rated"].includes(mode);
  $("invite-settings").hidden = mode !== "rated";
  $("clock-custom").hidden = $("clock").value !== "custom";
}

/** The players invited: ids, or the addresses of their pages (`/?player=ID`). */
function invited(text) {
  return text.split(/\s+/).filter(Boolean).map((word) => {
    try {
      return new URL(word, location.href).searchParams.get("player") || word;
    } catch {
      return word;
    }
  });
}

/** The time control chosen: `{minutes, increment}`, `{days}`, or none. */
function askedClock() {
  const chosen = $("clock").value;
  if (!chosen) return null;
  if (chosen === "custom") return { minutes: Number($("clock-minutes").value), increment: Number($("clock-increment").value) };
  if (chosen.endsWith("d")) return { days: Number(chosen.slice(0, -1)) };
  const [minutes, increment] = chosen.split("+").map(Number);
  return { minutes, increment };
}

/** The player this browser is; without one, asks for a name with the player dialog first.
 * Null if the dialog was closed with no name. */
async function named() {
  const who = await ask("GET", "/api/me");
  if (who.ok) return who.json;
  $("home-status").textContent = "A game with a person needs a name: choose yours.";
  return new Promise((resolve) => {
    const dialog = $("me-dialog");
    // The name saved: the dialog closes by itself and the game goes on.
    const saved = new MutationObserver(() => { if ($("me").textContent !== "Choose a name") dialog.close(); });
    saved.observe($("me"), { childList: true, characterData: true, subtree: true });
    dialog.addEventListener("close", async () => {
      saved.disconnect();
      const again = await ask("GET", "/api/me");
      $("home-status").textContent = again.ok ? "" : "No name chosen: no game with a person yet.";
      resolve(again.ok ? again.json : null);
    }, { once: true });
    $("me").click();
  });
}

/** Remembers a challenge this browser sits at, for the lobby to follow it to its game. */
function sitAt(id) {
  const mine = new Set(JSON.parse(sessionStorage.getItem("tabuleiro:challenges") || "[]"));
  mine.add(id);
  sessionStorage.setItem("tabuleiro:challenges", JSON.stringify([...mine]));
}

const usual = (info, options) => info.options.every((o) => options[o.name] === undefined || String(options[o.name]) === String(o.default));

/** A quick game with a person: a waiting challenge of this game and clock taken, or one posted
 * and waited for in the lobby. */
async function quickGame(info, quick) {
  const me = await named();
  if (!me) return;
  $("home-status").textContent = "Looking for a player…";
  const lobby = await ask("GET", "/api/lobby");
  if (!lobby.ok) throw new Error(lobby.json.error || "the lobby did not answer");
  const alike = (c) => !c.game_id && c.game === info.id && c.clock === quick.clock && c.rated
    && c.players === info.min_players && usual(info, c.options || {});
  const open = lobby.json.challenges.filter(alike);
  if (open.some((c) => c.seated.some((p) => p.id === me.id))) {
    // Already waiting for this very game.
    location.assign("/?lobby");
    return;
  }
  const waiting = open.find((c) => !me.bot || c.bots);
  if (waiting) {
    const taken = await ask("POST", `/api/lobby/${encodeURIComponent(waiting.id)}/accept`);
    if (taken.ok) {
      if (taken.json.game) {
        location.assign(`/?game=${encodeURIComponent(taken.json.game)}`);
      } else {
        sitAt(waiting.id);
        location.assign("/?lobby");
      }
      return;
    }
    // Taken by someone else meanwhile: post one instead.
  }
  const posted = await ask("POST", "/api/lobby", {
    game: info.id, players: info.min_players, options: {}, rated: true, bots: false,
    clock: { minutes: quick.minutes, increment: quick.increment },
  });
  if (!posted.ok) throw new Error(posted.json.error || "the challenge was not posted");
  sitAt(posted.json.id);
  location.assign("/?lobby");
}

/** Creates a game with the game's usual options and opens it (or shows its links). */
async function createGame(body) {
  const { ok, json } = await ask("POST", "/api/games", body);
  if (!ok) throw new Error(json.error || "the game was not created");
  if (body.mode === "online") showLinks(json, "online");
  else location.assign(json.seats.find((seat) => seat.link).link);
}

function cardButton(text, className, label, action) {
  const b = html("button", className, text);
  b.type = "button";
  if (label) b.setAttribute("aria-label", label);
  b.addEventListener("click", async () => {
    $("home-error").textContent = "";
    const buttons = document.querySelectorAll("#game-cards button");
    buttons.forEach((other) => { other.disabled = true; });
    try {
      await action();
    } catch (error) {
      $("home-error").textContent = String(error.message || error);
      $("home-status").textContent = "";
    } finally {
      buttons.forEach((other) => { other.disabled = false; });
    }
  });
  return b;
}

/** A game's card: its name, a picture of a position, its pitch, and the ways to play it. */
function gameCard(info) {
  const card = html("li", "game-card");
  card.dataset.game = info.id;
  const title = html("h2", "", info.name);
  title.id = `card-${info.id}`;
  card.setAttribute("aria-labelledby", title.id);
  const players = info.min_players === info.max_players ? `${info.min_players} players` : `${info.min_players} to ${info.max_players} players`;
  card.append(title);
  // A position of the game, drawn from its own picture as its board is.
  if (info.picture) {
    const picture = html("div", "card-picture");
    picture.append(miniature(info.picture, `A ${info.name} board a few moves into a game`));
    card.append(picture);
  }
  card.append(html("p", "note card-players", players), html("p", "pitch", info.summary));
  const ways = html("div", "card-ways");
  ways.append(cardButton("Play the computer", "computer", `Play the computer at ${info.name}`,
    () => createGame({ game: info.id, players: info.min_players, mode: "computer", level: "easy", seat: 0 })));
  const person = html("div", "card-person");
  person.setAttribute("role", "group");
  person.setAttribute("aria-label", `Play a person at ${info.name}, rated, with a clock`);
  person.append(html("span", "card-person-label", "Play a person"));
  for (const quick of QUICK) {
    const b = cardButton(quick.clock, "quick", `${quick.clock}: play a person at ${info.name}, ${quick.words}`, () => quickGame(info, quick));
    b.dataset.clock = quick.clock;
    b.title = quick.words;
    person.append(b);
  }
  ways.append(person);
  ways.append(cardButton("With a friend by link", "friend", `With a friend by link: ${info.name}`,
    () => createGame({ game: info.id, players: info.min_players, mode: "online" })));
  card.append(ways);
  const more = html("div", "card-more");
  const rules = html("button", "", "Rules");
  rules.type = "button";
  rules.setAttribute("aria-label", `Rules of ${info.name}`);
  rules.addEventListener("click", () => {
    fillRules(info.name, info.rules);
    $("rules-dialog").showModal();
  });
  const options = html("button", "", "More options");
  options.type = "button";
  options.setAttribute("aria-label", `More options for ${info.name}`);
  options.addEventListener("click", () => {
    $("game").value = info.id;
    fillSetup();
    $("more-options").open = true;
    $("more-options").scrollIntoView({ block: "start" });
    $("game").focus();
  });
  more.append(rules, options);
  card.append(more);
  return card;
}

/** Says how many challenges wait in the lobby and how many games are being played. */
async function lobbyCounts() {
  const { ok, json } = await ask("GET", "/api/lobby");
  if (!ok) return;
  const open = json.challenges.filter((c) => !c.game_id).length;
  $("home-lobby").textContent = `Open challenges in the lobby: ${open}`;
  $("home-playing").textContent = `Games being played: ${json.playing.length}`;
}

/** Shows the home: the games' cards, and the new-game form under "More options". */
export async function setup() {
  $("setup").hidden = false;
  catalog = await (await fetch("/api/catalog")).json();
  const cards = $("game-cards");
  for (const g of catalog.games) cards.append(gameCard(g));
  lobbyCounts();
  for (const g of catalog.games) $("game").add(new Option(g.name, g.id));
  for (const l of catalog.levels) $("level").add(new Option(`${l.name} — ${l.description}`, l.name));
  $("level").value = "medium";
  $("game").addEventListener("change", fillSetup);
  $("players").addEventListener("change", fillSeats);
  $("clock").addEventListener("change", fillSeats);
  document.querySelectorAll("input[name=mode]").forEach((r) => r.addEventListener("change", fillSeats));
  fillSetup();
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    const mode = document.querySelector("input[name=mode]:checked").value;
    const options = chosenOptions($("options"));
    const body = { game: $("game").value, players: Number($("players").value), options, mode };
    if (mode === "computer") { body.level = $("level").value; body.seat = Number($("seat").value); }
    if (mode === "rated") body.invite = invited($("invite").value);
    const clock = askedClock();
    if (clock && !$("clock-settings").hidden) body.clock = clock;
    $("setup-error").textContent = "";
    $("create").disabled = true;
    try {
      const answer = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body) });
      const created = await answer.json();
      if (!answer.ok) throw new Error(created.error || answer.statusText);
      const mine = created.seats.find((seat) => seat.link);
      if (mode !== "online" && mode !== "casual" && mode !== "rated") { location.assign(mine.link); return; }
      // The links get an address of their own (reload, Back and Forward keep them); the
      // secret tokens stay in this browser's storage, never in an address a server sees.
      const saved = { created, mode, yours: body.seat ?? 0 };
      localStorage.setItem(linksKey(created.id), JSON.stringify(saved));
      history.pushState(null, "", `/?links=${encodeURIComponent(created.id)}`);
      showLinks(saved);
    } catch (error) {
      $("setup-error").textContent = String(error.message || error);
    } finally {
      $("create").disabled = false;
    }
  });
}

/** Where this browser keeps the links of the online game `id` it created. */
function linksKey(id) {
  return `tabuleiro:links:${id}`;
}

/** The page of an online game's links (`/?links=ID`), as this browser saved them. */
export function showSavedLinks(id) {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(linksKey(id)) || "null");
  } catch {
    saved = null;
  }
  if (saved && saved.created && saved.created.id === id) {
    showLinks(saved);
    return;
  }
  $("setup").hidden = true;
  $("links").hidden = false;
  $("link-list").textContent = "";
  $("links-missing").hidden = false;
}

function showLinks({ created, mode, yours }) {
  $("setup").hidden = true;
  $("links").hidden = false;
  $("links-missing").hidden = true;
  $("links-casual").hidden = mode !== "casual";
  $("links-rated").hidden = mode !== "rated";
  const list = $("link-list");
  list.textContent = "";
  const add = (label, href, open) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = new URL(href, location.href).href;
    a.textContent = a.href;
    a.className = "seat-link";
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "copy";
    copy.textContent = "Copy";
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(a.href);
        copy.textContent = "Copied";
      } catch {
        // Without clipboard access (a page not served over https), select the link instead.
        const range = document.createRange();
        range.selectNodeContents(a);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        copy.textContent = "Selected: copy it";
      }
    });
    li.append(`${label}: `, a, " ", copy);
    if (open) {
      const play = document.createElement("a");
      play.href = a.href;
      play.className = "button";
      play.textContent = "Play";
      play.setAttribute("aria-label", `Play your seat, ${label}`);
      li.append(" ", play);
    }
    list.appendChild(li);
  };
  for (const seat of created.seats) {
    if (!seat.link) continue;
    const mine = seat.seat === yours;
    add(mine ? `Player ${seat.seat + 1} (yours: keep it)` : `Player ${seat.seat + 1} (send it to them)`, seat.link, mine);
  }
  add("Spectators", created.spectator);
}
