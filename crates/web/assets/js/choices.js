// What a move still needs besides cells: a choice (Quantik's shape, Pushee's direction, Q!nto's
// trade), "Play …" for a gesture that is a whole move while longer ones go on from it, and
// "Start the move again". Drawn in #choices. When the move can only go on with one of them from
// a cell pointed at (no cell left to point at), they open next to that cell, over the board: a
// small popup, its first button focused and said; the arrows go from one to the next, Escape
// starts the move again and gives the keys back to the cell.
import { $, html } from "./dom.js";
import { candidates, cellKey, same } from "./gestures.js";
import { game, ui } from "./state.js";
import { pieceIcon } from "./pieces.js";
import { play, startAgain } from "./pointing.js";
import { cellElement, focusBoard } from "./board.js";

// The popup shown, the cell it hangs on ("x,y"), and what it was opened for (so that a render
// of the same gesture neither moves the keys nor says it again).
const popup = { element: null, cell: null, opened: null };

// The cell a gesture points at last: its last cell, else the last piece put down.
function lastCell(sel) {
  const placed = sel.pieces.filter((p) => p.cell);
  if (placed.length) return placed[placed.length - 1].cell;
  return sel.cells.length ? sel.cells[sel.cells.length - 1] : null;
}

// The buttons for the gesture `sel` as it stands among the legal moves `legal`: playing first,
// then the choices, then "Start the move again".
function buttonsFor(sel, legal) {
  const buttons = [];
  const cands = candidates(sel, legal);
  const confirm = (l) => {
    const b = html("button", "confirm", `Play ${l.notation}`);
    b.type = "button";
    b.dataset.notation = l.notation;
    buttons.push(b);
  };
  // Pieces picked and not yet put down that go to few places (a first Q!nto tile, which must
  // cover the centre): each way of putting them down, all of them and nothing more.
  const held = sel.pieces.some((p) => p.cell === null);
  if (held && sel.choice === null) {
    const tokens = (pieces) => pieces.map((p) => p.token).sort().join(" ");
    const placing = cands.filter((l) => !l.gesture.choice && l.gesture.cells.length === sel.cells.length
      && l.gesture.pieces.every((p) => p.cell) && tokens(l.gesture.pieces) === tokens(sel.pieces));
    if (placing.length <= 3) placing.forEach(confirm);
  }
  // A gesture that is a whole move while longer ones go on from it: play it now?
  if (cands.length > 1) cands.filter((c) => same(sel, c.gesture)).slice(0, 3).forEach(confirm);
  // Choices that complete the gesture as it stands (a shape, an orientation, "pass").
  if (sel.choice === null) {
    const seen = new Set();
    for (const l of cands) {
      const c = l.gesture.choice;
      if (!c || seen.has(c.token) || !same({ ...sel, choice: c.token }, l.gesture)) continue;
      seen.add(c.token);
      const b = html("button", "choice");
      b.type = "button";
      b.dataset.notation = l.notation;
      if (c.piece) b.appendChild(pieceIcon(c.piece, 26));
      b.append(` ${c.label}`);
      buttons.push(b);
    }
  }
  return buttons;
}

/**
 * Draws what the move still needs; `interactive` when the game as it stands is shown (not a
 * position looked back at); `byPlayer` when the player has just pointed (a popup that opens
 * then takes the keys and is said).
 */
export function drawChoices(interactive, byPlayer) {
  const s = game.state;
  const box = $("choices");
  const active = document.activeElement;
  const had = box.contains(active) ? (active.dataset.notation || active.id || null) : null;
  box.textContent = "";
  popup.element = null;
  popup.cell = null;
  if (!interactive || s.legal.length === 0) {
    popup.opened = null;
    return;
  }
  const sel = ui.sel;
  const buttons = buttonsFor(sel, s.legal);
  if (sel.cells.length || sel.pieces.length || sel.choice !== null) {
    const b = html("button", "", "Start the move again");
    b.type = "button";
    b.id = "clear";
    buttons.push(b);
  }
  // Next to its cell when the move goes on there and nowhere else on the board.
  const cell = lastCell(sel);
  const key = cell ? cellKey(cell) : null;
  const rect = key ? cellElement(key) : null;
  const open = rect && buttons.length > 1 && !$("board").querySelector(".legal-mark");
  if (!open) {
    popup.opened = null;
    box.append(...buttons);
    if (had !== null && box.firstChild) box.firstChild.focus();
    return;
  }
  const shown = html("div", "choice-popup");
  shown.setAttribute("role", "group");
  shown.setAttribute("aria-label", `Choose for ${rect.getAttribute("aria-label").split(",")[0]}`);
  // Its look without the style sheet's help: a small panel over the board.
  Object.assign(shown.style, {
    position: "absolute", left: "0px", top: "0px", zIndex: "5", display: "flex", flexWrap: "wrap",
    alignItems: "center", gap: ".25rem", padding: ".3rem", maxWidth: "min(22rem, 90vw)",
    background: "var(--panel, #fff)", color: "var(--fg, #222)", border: "1px solid var(--line, #bbb)",
    borderRadius: "6px", boxShadow: "0 4px 14px rgba(0, 0, 0, .3)",
  });
  shown.append(...buttons);
  box.appendChild(shown);
  popup.element = shown;
  popup.cell = key;
  placePopup();
  const opened = `${s.version}|${JSON.stringify(sel)}`;
  if (byPlayer && popup.opened !== opened) {
    popup.opened = opened;
    buttons[0].focus({ preventScroll: true });
    const words = buttons.filter((b) => b.id !== "clear").map((b) => b.textContent.trim()).join(", ");
    $("announce").textContent = `Choose: ${words}. Arrow keys move, Enter picks, Escape goes back to the board.`;
    return;
  }
  popup.opened = opened;
  if (had !== null) {
    const again = buttons.find((b) => (b.dataset.notation || b.id) === had) || buttons[0];
    again.focus({ preventScroll: true });
  }
}

// Puts the popup next to its cell: below it, else above, else beside, inside the part of the
// board's window that is on the screen (else inside the screen).
function placePopup() {
  const shown = popup.element;
  const rect = popup.cell && cellElement(popup.cell);
  if (!shown || !rect) return;
  shown.style.left = "0px";
  shown.style.top = "0px";
  const origin = shown.getBoundingClientRect();
  const c = rect.getBoundingClientRect();
  const wrap = $("board-wrap").getBoundingClientRect();
  const screen = { left: 0, top: 0, right: document.documentElement.clientWidth, bottom: window.innerHeight };
  let area = {
    left: Math.max(wrap.left, screen.left), top: Math.max(wrap.top, screen.top),
    right: Math.min(wrap.right, screen.right), bottom: Math.min(wrap.bottom, screen.bottom),
  };
  if (area.right - area.left < origin.width || area.bottom - area.top < origin.height) area = screen;
  const [w, h] = [origin.width, origin.height];
  const gap = 4;
  let x = c.left;
  let y = c.bottom + gap;
  if (y + h > area.bottom) y = c.top - gap - h;
  if (y < area.top) {
    y = c.top;
    x = c.right + gap;
    if (x + w > area.right) x = c.left - gap - w;
  }
  const clamp = (v, low, high) => Math.max(low, Math.min(v, high));
  x = clamp(x, area.left, area.right - w);
  y = clamp(y, area.top, area.bottom - h);
  shown.style.left = `${Math.round(x - origin.left)}px`;
  shown.style.top = `${Math.round(y - origin.top)}px`;
}

/**
 * Keys among the pieces or the choices (`selector`, in the box the event is for): the arrows
 * go from one to the next, Escape or B back to the board (Escape starts the move again too
 * when `clearing`).
 */
export function keysAmong(event, selector, clearing) {
  const box = event.currentTarget;
  const items = [...box.querySelectorAll(selector)];
  const at = items.indexOf(document.activeElement);
  const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
  if (step && at >= 0) {
    items[(at + step + items.length) % items.length].focus();
    event.preventDefault();
  } else if (event.key === "Escape" || event.key === "b" || event.key === "B") {
    if (clearing && event.key === "Escape") startAgain();
    focusBoard();
    event.preventDefault();
  }
}

/** Sets the handlers of the choices; called once. */
export function initChoices() {
  $("choices").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b) return;
    if (b.id === "clear") {
      startAgain();
      if (event.detail === 0) focusBoard();
    } else if (b.dataset.notation) play(b.dataset.notation);
  });
  $("choices").addEventListener("keydown", (event) => keysAmong(event, "button", true));
  // The popup follows its cell when the board's window scrolls or the page changes size.
  $("board-wrap").addEventListener("scroll", placePopup, { passive: true });
  window.addEventListener("resize", placePopup);
}
