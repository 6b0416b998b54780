// Everything around the board: status, banner, buttons, history, the list of moves, reserves,
// legend, rules, what the connection's news says (offline, a link that opens nothing, errors),
// and what is announced to screen readers. `drawPage` is this module's part of each render.
import { $, html } from "./dom.js";
import { modeName } from "./words.js";
import { emptySelection } from "./gestures.js";
import { displayedAt, game, lookingBack, seatInfos, seatName, shownPicture, ui } from "./state.js";
import { drawBoard, focusBoard, pieceCalled } from "./board.js";
import { drawAnalysis } from "./analysis.js";
import { drawnLabel, pieceIcon } from "./pieces.js";
import { clickReserve } from "./pointing.js";
import { look } from "./connection.js";
import { render } from "./render.js";
import { chime } from "./settings.js";
import { paintClocks } from "./clocks.js";
import { drawChoices, keysAmong } from "./choices.js";
import { drawClaim } from "./claim.js";

/** Fills the rules dialog. */
export function fillRules(name, rules) {
  $("rules-title").textContent = `${name}: the rules`;
  const body = $("rules-text");
  body.textContent = "";
  for (const paragraph of rules.split(/\n\s*\n/)) body.appendChild(html("p", "", paragraph.trim()));
}

/**
 * Where position `at` stands, in turns (both moves of a Nudge turn share one number, as the
 * list of moves and the game's own notes count them): "Start", "After turn 4", "After move 1
 * of turn 5".
 */
export function positionName(s, at) {
  if (at === 0) return "Start";
  const m = s.moves[at - 1];
  const before = s.moves.slice(0, at).filter((x) => x.turn === m.turn).length;
  const all = s.moves.filter((x) => x.turn === m.turn).length;
  const unfinished = at === s.moves.length && !s.ending && s.move_in_turn[0] > 1;
  return before < all || unfinished ? `After move ${before} of turn ${m.turn}` : `After turn ${m.turn}`;
}

/** Says to screen readers what changed between two states: moves played or taken back, the end. */
export function announceChanges(old, next) {
  if (!old || !game.welcome) return;
  const said = [];
  if (next.moves.length > old.moves.length) {
    for (const m of next.moves.slice(old.moves.length)) said.push(`${seatName(m.seat)} played ${m.text}.`);
  } else if (next.moves.length < old.moves.length) {
    said.push(`Moves taken back: ${positionName(next, next.moves.length).toLowerCase()}.`);
  }
  if (next.ending && !old.ending) said.push(next.ending.text);
  // A sound when someone else has moved (not for the player's own moves), and at the end.
  const others = next.moves.slice(old.moves.length).some((m) => !game.welcome.you.includes(m.seat));
  if (next.ending && !old.ending) chime("end");
  else if (others && game.welcome.you.length === 1) chime("move");
  const you = game.welcome.you;
  if (!next.ending && !next.thinking && you.length === 1 && next.to_move === you[0] && said.length) said.push("Your turn.");
  if (said.length) $("announce").textContent = said.join(" ");
}

function coverIfPassing() {
  // In a hotseat game with hidden information, the screen is covered when the turn passes to
  // another player, until that player asks to see it.
  const s = game.state;
  const w = game.welcome;
  const cover = $("cover");
  if (!w.hidden_information || w.you.length < 2 || s.ending || s.to_move === null) {
    cover.hidden = true;
    return;
  }
  if (ui.shownTo !== s.to_move) {
    $("cover-text").textContent = `Pass the screen to player ${s.to_move + 1}.`;
    cover.hidden = false;
  }
}

/** "Ana#1f0c 1500 → 1662 (+162)" for each seat a rated game changed. */
function ratingChanges() {
  const said = [];
  for (const info of seatInfos()) {
    const p = info.player;
    if (!p || !p.change) continue;
    const delta = p.change.after - p.change.before;
    const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
    said.push(`${p.name}#${p.tag} ${p.change.before} → ${p.change.after}${p.change.provisional ? "?" : ""} (${sign}${Math.abs(delta)})`);
  }
  return said.length ? `Ratings: ${said.join(", ")}.` : "";
}

/** The seat drawn below the board (yours; the second of two when the board is turned), then
 * the others, drawn above it in order. */
export function seatsByPlace() {
  const w = game.welcome;
  const n = w.seats.length;
  const bottom = n === 2 ? (ui.flipped ? 1 : 0) : w.you.length === 1 ? w.you[0] : 0;
  const others = [];
  for (let k = 1; k < n; k++) others.push((bottom + k) % n);
  return { bottom, others };
}

/** A seat's strip: who (name#tag leading to their page, or the computer), rating, clock. */
function fillStrip(strip, seat, info) {
  const s = game.state;
  const you = game.welcome.you;
  strip.dataset.seat = String(seat);
  strip.classList.toggle("to-move", !!s && !s.ending && s.to_move === seat);
  let who = strip.querySelector(".who");
  let clock = strip.querySelector(".clock");
  if (!who) {
    strip.textContent = "";
    who = html("span", "who");
    // The clock's elements stay from one state to the next (clocks.js ticks them).
    clock = html("span", "clock");
    clock.setAttribute("role", "timer");
    clock.append(html("span", "mark"), html("span", "time"));
    strip.append(html("span", "seat"), " ", who, " ", clock);
  }
  clock.dataset.seat = String(seat);
  clock.setAttribute("aria-label", `${shortSeat(seat)}'s clock`);
  strip.querySelector(".seat").textContent = `Player ${seat + 1}`;
  who.textContent = "";
  const p = info && info.player;
  if (p) {
    const a = html("a", "name", `${p.name}#${p.tag}`);
    a.href = `/?player=${encodeURIComponent(p.id)}`;
    who.append(a);
    if (p.bot) who.append(" (bot)");
    if (p.rating) who.append(" ", html("span", "rating", `${p.rating.value}${p.rating.provisional ? "?" : ""}`));
  } else if (info && info.computer) {
    who.append(`computer, ${info.name}`);
  } else if (game.welcome.mode === "rated") {
    who.append("nobody yet");
  }
  if (you.length === 1 && you[0] === seat) who.append(" ", html("span", "you", "(you)"));
  else if (["online", "casual", "rated"].includes(game.welcome.mode) && info && !info.computer) who.append(" ", presenceOf(seat));
  strip.setAttribute("aria-label", `Player ${seat + 1}`);
}

/** Whether a seat's player is here, in words (and a mark that is not a colour alone). */
function presenceOf(seat) {
  const shown = game.state && game.state.presence && game.state.presence[seat];
  const span = html("span", "presence");
  if (!shown) return span;
  span.classList.toggle("away", !shown.connected);
  if (shown.connected) {
    span.textContent = "● here";
  } else {
    span.dataset.awayMs = String(shown.away_ms || 0);
    span.textContent = awayText(span);
  }
  return span;
}

/** "○ away 1:05", counted on from when the page heard it. */
function awayText(span) {
  const ms = Number(span.dataset.awayMs) + (performance.now() - (game.presenceAt || performance.now()));
  const s = Math.max(0, Math.floor(ms / 1000));
  return `○ away ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// The time away goes on between messages.
setInterval(() => {
  for (const span of document.querySelectorAll(".presence.away")) span.textContent = awayText(span);
}, 1000);

/** The players' strips, above and below the board; a rated game says so above. */
function drawPlayers() {
  const w = game.welcome;
  const seats = seatInfos();
  $("table-rated").hidden = w.mode !== "rated";
  const { bottom, others } = seatsByPlace();
  const place = (box, list) => {
    while (box.children.length > list.length) box.lastChild.remove();
    while (box.children.length < list.length) box.appendChild(html("div", "player"));
    list.forEach((seat, i) => {
      const strip = box.children[i];
      if (strip.dataset.seat !== String(seat)) strip.textContent = "";
      fillStrip(strip, seat, seats[seat]);
    });
  };
  place($("players-top"), others);
  place($("players-bottom"), [bottom]);
}

/** "You", "Player 2": a seat said short, the strips saying who sits there. */
export function shortSeat(seat) {
  const w = game.welcome;
  return w && w.you.length === 1 && w.you[0] === seat ? "You" : `Player ${seat + 1}`;
}

/** Draw offers, takebacks and abort, in games of people: the buttons, and an offer waiting. */
function drawOffers(s, w, watching) {
  const between = ["online", "casual", "rated"].includes(w.mode);
  const mine = w.you.length === 1 ? w.you[0] : null;
  const open = s.offer || null;
  const two = between && w.seats.length === 2 && mine !== null && !s.ending;
  const theirs = open && open.seat !== mine;
  const last = s.moves.length ? s.moves[s.moves.length - 1].seat : null;
  // My offer the other player declined: not again for a few moves (the bar says how many).
  const declined = s.declined && s.declined.seat === mine ? s.declined : null;
  const held = (kind) => !!declined && declined.kind === kind;
  $("offer-draw").hidden = !two;
  $("offer-draw").textContent = theirs && open.kind === "draw" ? "Accept draw" : "Offer draw";
  $("offer-draw").disabled = (!!open && open.seat === mine) || (!theirs && held("draw"));
  $("takeback").hidden = !two;
  $("takeback").disabled = !!open || last !== mine || s.to_move === mine || held("takeback");
  const everyoneMoved = w.seats.every((_, seat) => s.moves.some((m) => m.seat === seat));
  $("abort").hidden = watching || !between || !!s.ending || everyoneMoved;
  const bar = $("offer");
  bar.hidden = !open && !s.declined;
  if (!open) {
    $("offer-accept").hidden = true;
    $("offer-decline").hidden = true;
    if (s.declined) $("offer-text").textContent = declinedText(s.declined, mine);
    return;
  }
  const mineSaid = {
    draw: "You offered a draw: waiting for the answer.",
    takeback: "You asked to take back your move: waiting for the answer.",
    rematch: "You offered a rematch: waiting for the answer.",
  };
  const theirsSaid = {
    draw: "offers a draw",
    takeback: "asks to take back their last move",
    rematch: "wants a rematch",
  };
  $("offer-text").textContent = open.seat === mine
    ? mineSaid[open.kind]
    : `${offerer(open.seat)} ${theirsSaid[open.kind]}.`;
  $("offer-accept").hidden = !theirs || watching;
  $("offer-decline").hidden = !theirs || watching;
}

/** Who made an offer: the player sitting in `seat` by name ("Ana"), else the seat. */
function offerer(seat) {
  const info = seatInfos()[seat];
  return info && info.player ? info.player.name : shortSeat(seat);
}

/** A declined offer in words: who declined what, and when its player may ask again. */
function declinedText(d, mine) {
  const what = { draw: "draw offer", takeback: "takeback request", rematch: "rematch offer" }[d.kind];
  if (d.seat === mine && d.kind === "rematch") {
    return `Your ${what} was declined: you may offer one again in a minute.`;
  }
  const moves = d.again_in === 1 ? "1 more move" : `${d.again_in} more moves`;
  if (d.seat === mine) {
    return `Your ${what} was declined: you may ${d.kind === "draw" ? "offer a draw" : "ask"} again after ${moves}.`;
  }
  const whose = mine === null ? `${offerer(d.seat)}'s ${what} was declined.` : `You declined the ${what}.`;
  return whose;
}

function resultForYou(ending) {
  const w = game.welcome;
  if (!ending || w.you.length !== 1 || w.you.length === w.seats.length) return "";
  const mine = ending.results[w.you[0]];
  return mine === "win" ? "You won. " : mine === "loss" ? "You lost. " : "Draw. ";
}

// Shows or hides that the connection is lost, where the player looks: over the board, which
// takes no move meanwhile.
function showOffline(lost) {
  document.body.classList.toggle("offline", lost);
  // Said even before the first state has been drawn.
  if (lost) $("play").classList.add("drawn");
  $("offline").hidden = !lost;
}

// A link that opens no game (or no seat): a page that says what is wrong and the way back.
function showBadLink(why, spectate) {
  $("play").hidden = true;
  $("rules-open").hidden = true;
  $("bad-link").hidden = false;
  $("bad-link-why").textContent = why;
  $("spectate").hidden = !spectate;
  $("spectate").href = `/?game=${encodeURIComponent(game.id)}`;
  document.title = "tabuleiro — link not found";
}

// What the connection's `news` says, before the game is drawn again.
function tell(news) {
  switch (news.type) {
    case "welcome": {
      showOffline(false);
      $("title").textContent = `— ${news.name} (${modeName(news.mode)})`;
      $("game-heading").textContent = news.name;
      if (ui.flipped === null) {
        // The second of two seats sees its own side at the bottom, unless the player chose.
        const kept = sessionStorage.getItem(`tabuleiro:flip:${game.id}`);
        ui.flipped = kept !== null ? kept === "1" : news.you.length === 1 && news.you[0] === 1 && news.seats.length === 2;
      }
      fillRules(news.name, news.rules);
      break;
    }
    case "state":
      announceChanges(news.previous, game.state);
      $("message").textContent = "";
      break;
    case "hint":
      $("message").textContent = "";
      break;
    case "error":
      ui.askedRematch = false;
      $("message").textContent = news.message;
      break;
    case "lost":
      showOffline(true);
      break;
    case "unsent":
      $("message").textContent = "Not connected: nothing was sent. Reconnecting…";
      break;
    case "bad-link":
      showBadLink(news.why, news.spectate);
      break;
    default:
      break;
  }
  $("hint-text").textContent = game.hint ? `Hint: ${game.hint}` : "";
}

/** This module's part of each render: what `news` says (render.js), then the whole game. */
export function drawPage(news) {
  if (news) tell(news);
  draw(news === null);
  if (news && news.type === "lost") $("status").textContent = "Connection lost — reconnecting…";
}

// Draws the whole game from the stores; `byPlayer` after a change of the player's own.
function draw(byPlayer) {
  const s = game.state;
  const w = game.welcome;
  if (!s || !w) return;
  coverIfPassing();
  const you = w.you;
  const viewing = lookingBack();
  const picture = shownPicture();

  drawPlayers();
  paintClocks();
  const waiting = w.mode === "rated" && seatInfos().some((seat) => !seat.player);
  const status = $("status");
  status.classList.toggle("thinking", s.thinking);
  if (s.ending) {
    status.textContent = "Game over";
  } else if (s.thinking) {
    status.textContent = `${shortSeat(s.to_move)} ${s.to_move !== null && shortSeat(s.to_move) === "You" ? "are" : "is"} thinking…`;
  } else if (waiting) {
    status.textContent = "Waiting for every player to open their link";
  } else if (s.to_move !== null) {
    const turn = s.move_in_turn[1] > 1 ? ` (move ${s.move_in_turn[0]} of ${s.move_in_turn[1]})` : "";
    const mine = you.includes(s.to_move);
    status.textContent = (mine && you.length === 1 ? "Your turn" : `${shortSeat(s.to_move)} to move`) + turn;
  }
  const watching = you.length === 0;
  if (watching) status.textContent = `Watching: ${status.textContent}`;
  // The tab says when it is your turn, for a player in another tab.
  const yourTurn = !s.ending && !s.thinking && you.length === 1 && s.to_move === you[0];
  document.title = `${yourTurn ? "● Your turn — " : ""}${w.name} — tabuleiro`;
  const banner = $("banner");
  banner.hidden = !s.ending;
  const ended = s.ending ? `${resultForYou(s.ending)}${s.ending.text}` : "";
  const rated = s.ending ? ratingChanges() : "";
  banner.textContent = rated ? `${ended}${/[.!]$/.test(ended) ? "" : "."} ${rated}` : ended;
  banner.classList.toggle("won", !!s.ending && resultForYou(s.ending).startsWith("You won"));
  const download = $("download");
  download.hidden = !s.ending;
  download.href = `/api/games/${encodeURIComponent(game.id)}/record`;
  $("rematch").hidden = !s.ending || watching || !!s.rematch;
  // Between two people a rematch is an offer: pressed again, it would wait for the answer.
  // (Pressed too soon after a decline, the server says in words how long to wait.)
  const player = you.length === 1 ? you[0] : null;
  const rematchOffer = s.offer && s.offer.kind === "rematch" ? s.offer : null;
  $("rematch").textContent = rematchOffer && rematchOffer.seat !== player ? "Accept rematch" : "Rematch";
  $("rematch").disabled = !!rematchOffer && rematchOffer.seat === player;
  const rematch = $("rematch-link");
  rematch.hidden = !s.rematch;
  if (s.rematch) rematch.href = s.rematch;
  // Whoever pressed Rematch goes there at once; the others are offered the link.
  if (s.rematch && ui.askedRematch) {
    ui.askedRematch = false;
    location.assign(s.rematch);
  }
  drawOffers(s, w, watching);
  drawClaim(s, w, watching);
  $("undo").disabled = !s.can_undo;
  // A spectator has nothing to undo, ask or resign: no such buttons; nor is there Undo in a
  // game between people, where it is never allowed (a takeback is asked for instead).
  $("undo").hidden = watching || ["online", "casual", "rated"].includes(w.mode);
  $("resign").hidden = watching;
  // No engine help in a game between people (the server refuses it too).
  $("hint").hidden = watching || !w.hints;
  $("casual").hidden = w.mode !== "casual";
  $("hint").disabled = s.legal.length === 0;
  $("resign").disabled = !!s.ending || watching;
  $("flip").setAttribute("aria-pressed", ui.flipped ? "true" : "false");
  // Kept in its place (only not shown) while another player moves, so that nothing below it
  // moves when the turn comes back; gone for spectators and once the game is over.
  $("type-move").hidden = watching || !!s.ending;
  $("type-move").classList.toggle("idle", s.legal.length === 0);
  $("scores").textContent = s.scores ? "Scores: " + s.scores.map((v, i) => `P${i + 1} ${v}`).join(" · ") : "";

  const at = displayedAt();
  $("history-at").textContent = viewing
    ? `${positionName(s, at)} (looking back)` : positionName(s, at);
  $("back").disabled = at === 0;
  $("forward").disabled = !viewing;
  $("now").hidden = !viewing;

  drawMoves(s, at);
  $("text").textContent = s.board;
  drawLegend(picture);
  drawBoard(picture, !viewing);
  drawReserves(picture, !viewing);
  drawChoices(!viewing, byPlayer);
  drawAnalysis();
  // Shown from the first state on, already in place (app.css).
  $("play").classList.add("drawn");
  keepLastMoveInView();
}

function drawMoves(s, at) {
  const list = $("moves");
  const hadFocus = list.contains(document.activeElement);
  list.textContent = "";
  // One line a round, numbered: every seat's turn once ("1. Ca1 Sd4"); the moves of one turn
  // (Nudge's two) side by side, joined by a comma. The strips say who plays which seat.
  const seats = Math.max(1, game.welcome.seats.length);
  let row = null;
  let turn = null;
  s.moves.forEach((m, i) => {
    const round = Math.floor((m.turn - 1) / seats) + 1;
    if (!row || row.round !== round) {
      const li = html("li");
      li.value = round;
      list.appendChild(li);
      row = { round, li };
      turn = null;
    }
    const b = html("button", "move", m.text);
    b.type = "button";
    b.dataset.at = String(i + 1);
    b.dataset.turn = String(m.turn);
    if (i + 1 === at) {
      b.classList.add("current");
      b.setAttribute("aria-current", "step");
    }
    b.title = `Player ${m.seat + 1}: show the position ${positionName(s, i + 1).toLowerCase()}`;
    b.setAttribute("aria-label", `Turn ${m.turn}, player ${m.seat + 1}: ${m.text}`);
    if (turn !== null) row.li.append(turn === m.turn ? "," : " ");
    row.li.appendChild(b);
    row.li.dataset.turn = String(m.turn);
    turn = m.turn;
  });
  if (hadFocus) {
    const current = list.querySelector(".current") || [...list.querySelectorAll(".move")].pop();
    if (current) current.focus();
  }
  followMoves = !hadFocus;
}

// Whether the list of moves shows its end: unless the player is going through it.
let followMoves = true;

// The list of moves shows its end, once everything around it has its size.
function keepLastMoveInView() {
  const list = $("moves");
  if (followMoves) list.scrollTop = list.scrollHeight;
}

function drawLegend(picture) {
  const legend = $("legend");
  legend.textContent = "";
  for (const key of picture.legend || []) {
    const span = html("span", "key");
    span.append(pieceIcon(key.piece, 24), ` ${key.meaning}`);
    legend.appendChild(span);
  }
  $("notes").textContent = picture.notes.join("\n");
}

function drawReserves(picture, interactive) {
  const s = game.state;
  const box = $("reserves");
  const focused = document.activeElement && box.contains(document.activeElement)
    ? document.activeElement.dataset.key : null;
  box.textContent = "";
  for (const r of picture.reserves) {
    const div = html("div", "reserve");
    if (s.to_move === r.seat) div.classList.add("to-move");
    div.setAttribute("role", "group");
    const whose = shortSeat(r.seat) === "You" ? "Your pieces" : `Player ${r.seat + 1}'s pieces`;
    div.setAttribute("aria-label", whose);
    div.dataset.seat = String(r.seat);
    // Yours, docked at the foot of a phone's screen (the style sheet), always in reach.
    if (shortSeat(r.seat) === "You") div.classList.add("yours");
    div.appendChild(html("div", "who", whose));
    const mine = interactive && s.legal.length > 0 && s.to_move === r.seat;
    const used = new Map();
    for (const p of ui.sel.pieces) used.set(p.token, (used.get(p.token) || 0) + 1);
    for (const item of r.items) {
      for (let k = 0; k < Math.max(item.count, 1); k++) {
        const b = html("button", "reserve-piece");
        b.type = "button";
        b.dataset.token = item.token;
        b.dataset.key = `${r.seat}:${item.token}:${k}`;
        b.title = item.count === 0 ? `${item.token}: none left` : item.token;
        // Only the pieces picked, in the reserve of the seat picking them: not every piece
        // of that kind, nor the other seat's.
        const taken = mine && ((used.get(item.token) || 0) > k || (ui.sel.choice === item.token && k === 0));
        // Starting with the letters drawn on the piece, if any, so that the name holds what is seen.
        const name = pieceCalled(picture, item.piece);
        const letters = drawnLabel(item.piece);
        const seen = letters && !name.includes(letters) ? `${letters}: ` : "";
        b.setAttribute("aria-label", `${seen}${name}, ${item.count} left${taken ? ", picked" : ""}`);
        b.setAttribute("aria-pressed", taken ? "true" : "false");
        b.appendChild(pieceIcon(item.piece, 34));
        if (item.count === 0) b.classList.add("none-left");
        if (taken) b.classList.add("picked");
        b.disabled = !mine || item.count === 0;
        div.appendChild(b);
        // A count shown once for many identical pieces.
        if (item.count > 4) {
          div.appendChild(html("span", "count", `×${item.count}`));
          break;
        }
      }
    }
    for (let k = 0; k < r.hidden; k++) {
      const back = html("span", "face-down");
      back.title = "a hidden tile";
      div.appendChild(back);
    }
    if (r.hidden) div.appendChild(html("span", "sr-only", `${r.hidden} hidden tiles`));
    if (r.note) div.appendChild(html("div", "note", r.note));
    box.appendChild(div);
  }
  if (focused) {
    const again = box.querySelector(`[data-key="${focused}"]`);
    if (again && !again.disabled) again.focus();
  }
}

/** Shows the position after move `at` (the game as it stands when `at` is the last). */
export function lookAt(at) {
  const s = game.state;
  if (!s) return;
  at = Math.max(0, Math.min(at, s.moves.length));
  ui.sel = emptySelection();
  if (at === s.moves.length) {
    ui.viewAt = null;
    render();
    return;
  }
  ui.viewAt = at;
  look(at);
}

// Arrow keys step through history where the history has the focus.
function historyKeys(event) {
  const s = game.state;
  if (!s) return;
  const to = { ArrowLeft: displayedAt() - 1, ArrowUp: displayedAt() - 1, ArrowRight: displayedAt() + 1,
    ArrowDown: displayedAt() + 1, Home: 0, End: s.moves.length }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  lookAt(to);
}

/** Sets the handlers of the panels; called once. */
export function initPanels() {
  $("reserves").addEventListener("click", (event) => {
    const b = event.target.closest(".reserve-piece");
    if (!b || b.disabled) return;
    const version = game.state && game.state.version;
    clickReserve(b.dataset.token, b.classList.contains("picked"));
    // Picked by the keys (a click of no pointer): the keys go on to the board, where it goes.
    if (event.detail === 0 && game.state && game.state.version === version
      && (ui.sel.pieces.length || ui.sel.choice !== null) && $("board").querySelector(".legal-mark")) focusBoard();
  });
  $("reserves").addEventListener("keydown", (event) => keysAmong(event, ".reserve-piece:not([disabled])", false));
  $("moves").addEventListener("click", (event) => {
    const b = event.target.closest(".move");
    if (b) lookAt(Number(b.dataset.at));
  });
  $("moves").addEventListener("keydown", historyKeys);
  $("history").addEventListener("keydown", historyKeys);
  $("back").addEventListener("click", () => lookAt(displayedAt() - 1));
  $("forward").addEventListener("click", () => lookAt(displayedAt() + 1));
  $("now").addEventListener("click", () => lookAt(game.state ? game.state.moves.length : 0));
}
