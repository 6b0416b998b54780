// The start page: choosing a game, its options and how it is played, then the links of an
// online game.
import { $ } from "./dom.js";
import { chosenOptions, fillOptions } from "./options.js";
import { fillRules } from "./panels.js";

let catalog = null;

function fillSetup() {
  const info = catalog.games.find((g) => g.id === $("game").value);
  $("summary").textContent = `${info.summary} Moves: ${info.move_syntax}`;
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

/** Shows the new-game form. */
export async function setup() {
  $("setup").hidden = false;
  catalog = await (await fetch("/api/catalog")).json();
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
      showLinks(created, mode);
    } catch (error) {
      $("setup-error").textContent = String(error.message || error);
    } finally {
      $("create").disabled = false;
    }
  });
}

function showLinks(created, mode) {
  $("setup").hidden = true;
  $("links").hidden = false;
  $("links-casual").hidden = mode !== "casual";
  $("links-rated").hidden = mode !== "rated";
  const list = $("link-list");
  list.textContent = "";
  const add = (label, href) => {
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
    list.appendChild(li);
  };
  for (const seat of created.seats) if (seat.link) add(`Player ${seat.seat + 1}`, seat.link);
  add("Spectators", created.spectator);
}
