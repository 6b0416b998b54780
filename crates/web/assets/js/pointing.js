// Making a move by pointing at cells and reserve pieces: the gesture grows while some legal
// move still fits it, and a gesture that is exactly one whole move is played at once. The
// gesture is the player's own (`ui.sel`, state.js): written here, then drawn by a render.
import { $ } from "./dom.js";
import { candidates, emptySelection, same, sameCell } from "./gestures.js";
import { game, lookingBack, ui } from "./state.js";
import { online, sendMove } from "./connection.js";
import { render } from "./render.js";

/** Plays a move in notation, unless disconnected (then it stays on the board, unsent). */
export function play(notation) {
  if (!online()) {
    $("message").textContent = "Not connected: your move was not sent. Reconnecting…";
    return;
  }
  ui.sel = emptySelection();
  // A move made on the board, the pieces or the choices: the keys go back to the board once it
  // is played (a move typed keeps the focus in its box).
  const at = document.activeElement;
  ui.refocus = !at || at === document.body || ["table-board", "reserves", "choices"].some((id) => $(id).contains(at));
  sendMove(notation);
}

/** For each render: a new position forgets the gesture made on the one before. */
export function forgetStale(news) {
  if (news && news.type === "state" && (!news.previous || news.version !== news.previous.version)) {
    ui.sel = emptySelection();
  }
}

// After each change of the gesture: a unique whole move is played at once.
function settle() {
  const cands = candidates(ui.sel, game.state.legal);
  const exact = cands.filter((l) => same(ui.sel, l.gesture));
  if (exact.length === 1 && cands.length === 1) {
    play(exact[0].notation);
    return;
  }
  render();
}

function tryGesture(next) {
  if (candidates(next, game.state.legal).length === 0) return false;
  ui.sel = next;
  return true;
}

/** The player points at `cell`. */
export function clickCell(cell) {
  const s = game.state;
  if (!s || lookingBack()) return;
  if (s.legal.length === 0) {
    render();
    return;
  }
  const sel = ui.sel;
  const held = sel.pieces.findIndex((p) => p.cell === null);
  const placedHere = sel.pieces.findIndex((p) => sameCell(p.cell, cell));
  let done = false;
  if (placedHere >= 0) {
    // Pointing again at a piece put down takes it back into the hand.
    const pieces = sel.pieces.slice();
    pieces[placedHere] = { token: pieces[placedHere].token, cell: null };
    ui.sel = { ...sel, pieces };
    done = true;
  } else if (held >= 0) {
    const pieces = sel.pieces.slice();
    pieces[held] = { token: pieces[held].token, cell };
    done = tryGesture({ ...sel, pieces });
    if (!done) {
      // Say why: no move puts it there, or none does with the pieces already put down.
      const others = sel.pieces.filter((p) => p.cell).length;
      $("message").textContent = others
        ? `${pieces[held].token} cannot go there: no move of yours puts it there with the ${others} already placed (point at a placed one to take it back)`
        : `${pieces[held].token} cannot go there: no move of yours puts it there`;
    }
  } else {
    done = tryGesture({ ...sel, cells: [...sel.cells, cell] })
      || tryGesture({ cells: [cell], pieces: [], choice: sel.choice })
      || tryGesture({ cells: [cell], pieces: [], choice: null });
    if (!done) {
      const needsPieces = s.legal.every((l) => l.gesture.cells.length === 0);
      $("message").textContent = needsPieces ? "Pick a piece from your hand first" : "No move starts there";
    }
  }
  if (done) $("message").textContent = "";
  settle();
}

/** The player points at a reserve piece `token` (`taken`: one already picked, to put back). */
export function clickReserve(token, taken) {
  const s = game.state;
  const sel = ui.sel;
  if (taken) {
    if (sel.choice === token) ui.sel = { ...sel, choice: null };
    else {
      const i = sel.pieces.map((p) => p.token).lastIndexOf(token);
      ui.sel = { ...sel, pieces: sel.pieces.filter((_, k) => k !== i) };
    }
    render();
    return;
  }
  const asChoice = s.legal.some((l) => l.gesture.choice && l.gesture.choice.token === token);
  const ok = asChoice
    ? tryGesture({ ...sel, choice: token }) || tryGesture({ cells: [], pieces: [], choice: token })
    : tryGesture({ ...sel, pieces: [...sel.pieces, { token, cell: null }] });
  $("message").textContent = ok ? "" : `${token} cannot be played with what is picked`;
  settle();
}

/** Forgets the gesture being made. */
export function startAgain() {
  ui.sel = emptySelection();
  $("message").textContent = "";
  render();
}
