// The board: drawn from the server's picture as a grid of cells a player points at with the
// mouse, a finger or the keyboard (one focusable cell at a time; arrow keys move, Enter or
// Space points, Escape starts the move again), upright or turned half a turn (the second
// seat sees its side at the bottom). Every cell is named by its content for screen
// readers. One handler on the board serves every cell. The keyboard's cell is the player's
// own state (`ui.focus`, state.js), written here.
import { $, el } from "./dom.js";
import { candidates, cellKey, fits } from "./gestures.js";
import { drawPiece, defs, pieceName } from "./pieces.js";
import { displayedAt, game, shownPicture, ui } from "./state.js";
import { clickCell, startAgain } from "./pointing.js";
import { analysisByCell } from "./analysis.js";
import { justDragged, sizeBoard } from "./view.js";

const CELL = 48;
const MARGIN = 26;

// Whether the board is drawn turned half a turn (seen from the second seat's side).
let flipped = false;

// The place (column, row from the top left) where a cell is drawn.
function place(board, cell) {
  const i = cell.x - board.columns.first;
  const j = cell.y - board.rows.first;
  return flipped ? [board.columns.labels.length - 1 - i, board.rows.labels.length - 1 - j] : [i, j];
}

function cellXY(board, cell) {
  const [i, j] = place(board, cell);
  return [MARGIN + i * CELL, MARGIN + j * CELL];
}

// The rectangle around `cells` (in viewBox units), `margin` cells wider on every side.
function boxOf(board, cells, margin = 0) {
  const corners = cells.map((c) => cellXY(board, c));
  const x0 = Math.min(...corners.map(([x]) => x)) - margin * CELL;
  const y0 = Math.min(...corners.map(([, y]) => y)) - margin * CELL;
  const x1 = Math.max(...corners.map(([x]) => x)) + (margin + 1) * CELL;
  const y1 = Math.max(...corners.map(([, y]) => y)) + (margin + 1) * CELL;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function* range(axis) {
  for (let i = 0; i < axis.labels.length; i++) yield axis.first + i;
}

const numeric = (label) => /^-?\d+$/.test(label);

/** A cell's name as the game's notation writes it: "c3", or "4,-1" on an open grid. */
export function cellName(board, cell) {
  const column = board.columns.labels[cell.x - board.columns.first] ?? String(cell.x);
  const row = board.rows.labels[cell.y - board.rows.first] ?? String(cell.y);
  return numeric(column) && numeric(row) ? `${column},${row}` : `${column}${row}`;
}

/** The reserve of `seat` in `picture`, if it has one. */
export function reserveOf(picture, seat) {
  return picture.reserves.find((r) => r.seat === seat);
}

const inside = (board, cell) => cell.x >= board.columns.first && cell.x < board.columns.first + board.columns.labels.length
  && cell.y >= board.rows.first && cell.y < board.rows.first + board.rows.labels.length;

/** Sets the board's one delegated handler for pointing and keys; called once. */
export function initBoard() {
  const svg = $("board");
  svg.addEventListener("click", (event) => {
    const target = event.target.closest("[data-cell]");
    if (!target || justDragged()) return;
    const [x, y] = target.dataset.cell.split(",").map(Number);
    ui.focus = target.dataset.cell;
    clickCell({ x, y });
  });
  svg.addEventListener("pointerover", (event) => {
    const target = event.target.closest("[data-cell]");
    drawPreview(target ? target.dataset.cell : null);
  });
  svg.addEventListener("pointerleave", () => drawPreview(null));
  // An open grid's coordinates follow the window it is panned and zoomed in.
  $("board-wrap").addEventListener("scroll", placeRulers, { passive: true });
  if (window.ResizeObserver) new ResizeObserver(placeRulers).observe(svg);
  svg.addEventListener("focusin", (event) => {
    if (event.target.dataset && event.target.dataset.cell) {
      drawPreview(event.target.dataset.cell);
      drawFocusRing(event.target);
    }
  });
  svg.addEventListener("focusout", () => drawFocusRing(null));
  svg.addEventListener("keydown", (event) => {
    const picture = shownPicture();
    if (!picture || !ui.focus) return;
    const [x, y] = ui.focus.split(",").map(Number);
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (step) {
      // The keys move as the board is seen, turned or not.
      const sign = flipped ? -1 : 1;
      const next = { x: x + sign * step[0], y: y + sign * step[1] };
      if (inside(picture.board, next)) focusCell(cellKey(next));
      event.preventDefault();
    } else if (event.key === "Home" || event.key === "End") {
      const b = picture.board;
      const left = (event.key === "Home") !== flipped;
      const edge = left ? b.columns.first : b.columns.first + b.columns.labels.length - 1;
      focusCell(cellKey({ x: edge, y }));
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      // A choice the cell then needs opens next to it, with the keys on it (choices.js).
      clickCell({ x, y });
      event.preventDefault();
    } else if (event.key === "p" || event.key === "P") {
      focusPieces();
      event.preventDefault();
    } else if (event.key === "Escape") {
      startAgain();
      event.preventDefault();
    }
  });
}

// What the board shows faintly of the move being made: the pieces every move still possible
// (and, with a cell under the pointer or the keyboard, every move going on there) would put
// down, such as both halves of a Taiji tile before its second cell is chosen.
const previewing = { board: null, legal: [], layer: null };

// A move's preview: its own, or the pieces every move puts on its cells in order (sent once).
function previewOf(l) {
  if (l.preview && l.preview.length) return l.preview;
  const shared = (game.state && game.state.previews) || [];
  return shared.map((piece, i) => ({ cell: l.gesture.cells[i], piece })).filter((p) => p.cell);
}

function commonPreview(hoverKey) {
  const { legal } = previewing;
  let cands = candidates(ui.sel, legal).filter((l) => previewOf(l).length);
  if (hoverKey) {
    const next = { ...ui.sel, cells: [...ui.sel.cells, keyToCell(hoverKey)] };
    const going = cands.filter((l) => fits(next, l.gesture));
    if (going.length) cands = going;
    else if (ui.sel.cells.length === 0) return [];
  } else if (ui.sel.cells.length === 0) {
    return [];
  }
  if (!cands.length) return [];
  const [first, ...rest] = cands.map(previewOf);
  const same = (p, q) => p.cell.x === q.cell.x && p.cell.y === q.cell.y && JSON.stringify(p.piece) === JSON.stringify(q.piece);
  return first.filter((p) => rest.every((other) => other.some((q) => same(p, q))));
}

function drawPreview(hoverKey) {
  const { board, layer } = previewing;
  if (!board || !layer) return;
  layer.textContent = "";
  for (const p of commonPreview(hoverKey)) {
    const [px, py] = cellXY(board, p.cell);
    drawPiece(layer, p.piece, px + CELL / 2, py + CELL / 2, CELL);
  }
}

/** The keys back on the board: on its keyboard cell. */
export function focusBoard() {
  const rect = $("board").querySelector('[role="gridcell"][tabindex="0"]');
  if (rect) rect.focus({ preventScroll: true });
}

/** The keys on the pieces the player to move may pick (P on the board). */
export function focusPieces() {
  const s = game.state;
  const box = $("reserves");
  const mine = s && s.to_move !== null ? box.querySelector(`.reserve[data-seat="${s.to_move}"]`) : null;
  const piece = mine && mine.querySelector(".reserve-piece:not([disabled])");
  if (piece) piece.focus();
  else $("announce").textContent = "No pieces to pick now.";
}

/** For each render: once a move sent from the board, the pieces or the choices is answered (a
 * state or an error), the keys are on the board again. */
export function refocusBoard(news) {
  if (!ui.refocus || !news || (news.type !== "state" && news.type !== "error")) return;
  ui.refocus = false;
  focusBoard();
}

/** The cell `key` ("x,y") as drawn, if it is on the board. */
export function cellElement(key) {
  return $("board").querySelector(`[role="gridcell"][data-cell="${key}"]`);
}

// The keyboard's cell framed on a layer of its own over everything, inside the cell, so that
// no neighbour, piece or frame hides any of it (only when the keys brought the focus there).
function drawFocusRing(rect) {
  const svg = $("board");
  let ring = svg.querySelector(".focus-ring");
  if (!rect || !rect.matches(":focus-visible")) {
    if (ring) ring.remove();
    return;
  }
  if (!ring || ring !== svg.lastElementChild) {
    if (ring) ring.remove();
    ring = el("g", { class: "focus-ring", "aria-hidden": "true" }, svg);
    el("rect", { class: "focus-outer", rx: 3 }, ring);
    el("rect", { class: "focus-inner", rx: 2 }, ring);
  }
  const [x, y, w, h] = ["x", "y", "width", "height"].map((a) => Number(rect.getAttribute(a)));
  const [outer, inner] = ring.children;
  for (const [r, d] of [[outer, 2], [inner, 4.75]]) {
    r.setAttribute("x", x + d);
    r.setAttribute("y", y + d);
    r.setAttribute("width", w - 2 * d);
    r.setAttribute("height", h - 2 * d);
  }
}

/**
 * A piece's name, one for every seat: the legend's meaning for a piece drawn the same way, or
 * for one of the same shape (the legend may show one seat's pieces only, as Quantik's does),
 * said with whose it is; else its shape and letters.
 */
export function pieceCalled(picture, piece) {
  const seat = typeof piece.ink === "object" && piece.ink !== null && piece.ink.seat !== undefined ? piece.ink.seat : null;
  const whose = (meaning) => (seat === null || /player/i.test(meaning) ? meaning : `player ${seat + 1}'s ${meaning}`);
  const json = JSON.stringify(piece);
  const exact = (picture.legend || []).find((k) => JSON.stringify(k.piece) === json);
  if (exact) return whose(exact.meaning);
  const like = (picture.legend || []).filter((k) => k.piece.shape === piece.shape);
  const sameInk = like.find((k) => JSON.stringify(k.piece.ink) === JSON.stringify(piece.ink));
  const key = sameInk || (seat !== null ? like.find((k) => typeof k.piece.ink === "object" && k.piece.ink && k.piece.ink.seat !== undefined) : null);
  if (key) {
    const turned = piece.facing && key.piece.facing !== piece.facing ? `, ${piece.facing}` : "";
    let meaning = sameInk ? key.meaning : whose(key.meaning.replace(/\bplayer \d+\b/i, `player ${seat + 1}`));
    // Its own letters where the key's are said ("cube (c)" for the second seat's cube).
    if (key.piece.label && piece.label && key.piece.label !== piece.label) meaning = meaning.replace(`(${key.piece.label})`, `(${piece.label})`);
    return `${meaning}${turned}`;
  }
  return pieceName(picture, piece);
}

function focusCell(key) {
  const svg = $("board");
  const old = svg.querySelector('[role="gridcell"][tabindex="0"]');
  const rect = svg.querySelector(`[role="gridcell"][data-cell="${key}"]`);
  if (!rect) return;
  if (old) old.setAttribute("tabindex", "-1");
  rect.setAttribute("tabindex", "0");
  ui.focus = key;
  rect.focus();
}

// Where pointing can go next, given the gesture made so far.
function targetsOf(sel, legal) {
  const targets = new Set();
  const held = sel.pieces.find((p) => p.cell === null);
  for (const l of candidates(sel, legal)) {
    if (held) {
      for (const p of l.gesture.pieces) {
        if (p.token === held.token && p.cell) {
          const trial = { ...sel, pieces: sel.pieces.map((q) => (q === held ? { token: q.token, cell: p.cell } : q)) };
          if (fits(trial, l.gesture)) targets.add(cellKey(p.cell));
        }
      }
    } else if (l.gesture.cells.length > sel.cells.length) {
      targets.add(cellKey(l.gesture.cells[sel.cells.length]));
    }
  }
  // Nothing pointed at yet, and no move starts at a cell (pieces are picked first, as Q!nto's
  // tiles): the cells every move putting pieces down covers are marked all the same, such as
  // the centre cell the first play must cover. Pointing there says to pick a piece first.
  const untouched = sel.cells.length === 0 && sel.pieces.length === 0 && sel.choice === null;
  if (targets.size === 0 && untouched) {
    let common = null;
    for (const l of legal) {
      const g = l.gesture;
      if (g.cells.length || g.choice || !g.pieces.length || g.pieces.some((p) => !p.cell)) continue;
      const cells = new Set(g.pieces.map((p) => cellKey(p.cell)));
      common = common === null ? cells : new Set([...common].filter((k) => cells.has(k)));
      if (common.size === 0) break;
    }
    for (const key of common ?? []) targets.add(key);
  }
  return targets;
}

// An open grid's coordinates: the column labels on a band along the top of the window the
// grid is panned in, the row labels on a band along its left, at a size that reads the same
// at every zoom (in CSS px); set again on every scroll and zoom.
const rulers = { top: null, left: null, corner: null, board: null, width: 0, height: 0 };

function placeRulers() {
  const svg = $("board");
  const { top, left, corner, board } = rulers;
  if (!top || !svg.contains(top)) return;
  const scale = svg.getBoundingClientRect().width / rulers.width;
  if (!(scale > 0)) return;
  const wrap = $("board-wrap");
  const px = 1 / scale;
  const [dx, dy] = [wrap.scrollLeft * px, wrap.scrollTop * px];
  const digits = Math.max(...board.rows.labels.map((l) => l.length));
  const [high, wide] = [18 * px, (digits * 7.5 + 8) * px];
  // In user units (the style sheet's size for labels is in them too: this one wins).
  const font = `${(12 * px).toFixed(2)}px`;
  top.setAttribute("transform", `translate(0 ${dy.toFixed(2)})`);
  left.setAttribute("transform", `translate(${dx.toFixed(2)} 0)`);
  corner.setAttribute("transform", `translate(${dx.toFixed(2)} ${dy.toFixed(2)})`);
  for (const [band, w, h] of [[top, rulers.width, high], [left, wide, rulers.height], [corner, wide, high]]) {
    const back = band.firstChild;
    back.setAttribute("width", w);
    back.setAttribute("height", h);
  }
  for (const t of top.querySelectorAll("text")) {
    t.setAttribute("y", (high - 5 * px).toFixed(2));
    t.style.fontSize = font;
  }
  for (const t of left.querySelectorAll("text")) {
    // Centred on its row (drawn 5 units below the middle, as in a margin).
    t.setAttribute("x", (wide - 4 * px).toFixed(2));
    t.style.fontSize = font;
    t.setAttribute("dy", "-5");
    t.setAttribute("dominant-baseline", "central");
  }
}

// A move just shown: its pieces fade in (app.css, and not under reduced motion), going on
// where the same position is drawn again before the fade ends.
const FADE = 180;
const arrival = { moves: null, at: 0 };

function fadeElapsed(s, interactive) {
  if (interactive && s) {
    if (arrival.moves !== null && s.moves.length !== arrival.moves) {
      arrival.at = s.moves.length > arrival.moves ? performance.now() : 0;
    }
    arrival.moves = s.moves.length;
  }
  const elapsed = performance.now() - arrival.at;
  return interactive && arrival.at && elapsed < FADE ? elapsed : null;
}

// The rectangle of the cells `cells` as an outline of `stroke` width drawn inside it.
function outlineOf(board, cells, stroke, inset = 0) {
  const b = boxOf(board, cells);
  const d = inset + stroke / 2;
  return { x: b.x + d, y: b.y + d, width: b.width - 2 * d, height: b.height - 2 * d };
}

// Whether `cells` fill the rectangle around them (a row, a column, a block).
function filled(board, cells) {
  const b = boxOf(board, cells);
  return new Set(cells.map(cellKey)).size === Math.round((b.width / CELL) * (b.height / CELL));
}

/** Draws `picture`; `interactive` when it is the position as it stands (not looked back at). */
export function drawBoard(picture, interactive) {
  const s = game.state;
  const svg = $("board");
  const hadFocus = svg.contains(document.activeElement);
  flipped = !!ui.flipped;
  svg.textContent = "";
  defs(svg);
  const board = picture.board;
  const cols = board.columns.labels.length;
  const rows = board.rows.labels.length;
  const [width, height] = [MARGIN + cols * CELL + 6, MARGIN + rows * CELL + 6];
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  // Its shape, for the style sheet, which sizes the board to the window.
  svg.style.setProperty("--aspect", (width / height).toFixed(4));
  svg.setAttribute("role", "grid");
  svg.setAttribute("aria-label", `The board, ${cols} columns by ${rows} rows: arrow keys move, Enter points`);
  svg.classList.toggle("open-grid", board.open);
  // The coordinates: in the margins of a fixed board; over an open grid, on bands that stay
  // in the window it is panned in (drawn last, over everything).
  const drawLabels = (parent, columns) => {
    const axis = columns ? board.columns : board.rows;
    const count = columns ? cols : rows;
    axis.labels.forEach((label, k) => {
      const i = flipped ? count - 1 - k : k;
      const attrs = columns
        ? { x: MARGIN + i * CELL + CELL / 2, y: 17, "text-anchor": "middle", class: "label" }
        : { x: MARGIN - 6, y: MARGIN + i * CELL + CELL / 2 + 5, "text-anchor": "end", class: "label" };
      el("text", attrs, parent).textContent = label;
    });
  };
  if (!board.open) {
    const labels = el("g", { "aria-hidden": "true" }, svg);
    drawLabels(labels, true);
    drawLabels(labels, false);
  }

  const legal = interactive && s ? s.legal : [];
  const sel = ui.sel;
  const targets = targetsOf(sel, legal);
  const selected = new Set(sel.cells.map(cellKey).concat(sel.pieces.filter((p) => p.cell).map((p) => cellKey(p.cell))));
  const hinted = new Set();
  if (game.hint && interactive) {
    const h = legal.find((l) => l.notation === game.hint);
    if (h) [...h.gesture.cells, ...h.gesture.pieces.map((p) => p.cell).filter(Boolean)].forEach((c) => hinted.add(cellKey(c)));
  }
  const last = new Set(picture.last.map(cellKey));
  const deciding = new Set(picture.deciding.map(cellKey));
  const values = new Map(picture.values.map((v) => [cellKey(v.cell), v.value]));
  const contents = new Map();
  for (const p of picture.pieces) {
    const key = cellKey(p.cell);
    contents.set(key, [...(contents.get(key) || []), pieceCalled(picture, p.piece)]);
  }
  const analysed = analysisByCell(displayedAt());

  // The keyboard's cell: kept while on the board, else the first cell pointing can go to.
  if (!ui.focus || !inside(board, keyToCell(ui.focus))) {
    ui.focus = targets.values().next().value
      ?? cellKey({ x: board.columns.first, y: board.rows.first });
  }
  let focusRect = null;
  // Rows and cells in the order they are seen, for screen readers.
  const seen = (axis) => (flipped ? [...range(axis)].reverse() : [...range(axis)]);
  for (const y of seen(board.rows)) {
    const row = el("g", { role: "row" }, svg);
    for (const x of seen(board.columns)) {
      const cell = { x, y };
      const key = cellKey(cell);
      const [px, py] = cellXY(board, cell);
      const classes = ["cell"];
      const said = [cellName(board, cell)];
      said.push(...(contents.get(key) || ["empty"]));
      if (values.has(key)) said.push(`worth ${values.get(key)}`);
      const marks = [
        [targets.has(key), "legal", "you can point here"],
        [selected.has(key), "selected", "pointed at"],
        [hinted.has(key), "hint", "hinted"],
        [last.has(key), "last", "last move"],
        [deciding.has(key), "deciding", "decided the game"],
      ];
      for (const [on, cls, words] of marks) {
        if (!on) continue;
        classes.push(cls);
        said.push(words);
      }
      if (analysed.has(key)) said.push(`analysis ${analysed.get(key).short}`);
      const rect = el("rect", {
        x: px, y: py, width: CELL, height: CELL, class: classes.join(" "), "data-cell": key,
        role: "gridcell", tabindex: key === ui.focus ? "0" : "-1", "aria-label": said.join(", "),
      }, row);
      if (key === ui.focus) focusRect = rect;
      if (values.has(key)) {
        el("text", { x: px + 4, y: py + 13, class: "value", "aria-hidden": "true" }, svg).textContent = String(values.get(key));
      }
    }
  }
  const over = el("g", { "aria-hidden": "true" }, svg);
  // The board's frame, just outside its cells: every outline below is drawn inside its cells
  // (inset by half its stroke), so that none spills over the frame or into a neighbour.
  el("rect", { x: MARGIN - 1, y: MARGIN - 1, width: cols * CELL + 2, height: rows * CELL + 2, class: "frame" }, over);
  // Regions: thick outlines around their cells.
  for (const region of picture.regions) {
    el("rect", { ...outlineOf(board, region, 3, 0.5), rx: 6, class: "region" }, over);
  }
  // Linked cells (a tile's two halves): one frame around both.
  for (const link of picture.links) {
    el("rect", { ...outlineOf(board, link, 2.5), rx: 5, class: "tile-frame" }, over);
  }
  // A move just shown fades in: the pieces on its cells.
  const fading = fadeElapsed(s, interactive);
  for (const placed of picture.pieces) {
    const [px, py] = cellXY(board, placed.cell);
    const g = drawPiece(over, placed.piece, px + CELL / 2, py + CELL / 2, CELL);
    if (fading !== null && last.has(cellKey(placed.cell))) {
      g.classList.add("arriving");
      if (fading > 0) g.style.animationDelay = `${-Math.round(fading)}ms`;
    }
  }
  // Joints between linked halves, drawn over them so that a tile reads as one piece.
  for (const [a, b] of picture.links) {
    const [ax, ay] = cellXY(board, a);
    const [bx, by] = cellXY(board, b);
    const mx = (ax + bx) / 2 + CELL / 2;
    const my = (ay + by) / 2 + CELL / 2;
    el("line", ay === by
      ? { x1: mx, y1: my - CELL / 2 + 5, x2: mx, y2: my + CELL / 2 - 5, class: "joint" }
      : { x1: mx - CELL / 2 + 5, y1: my, x2: mx + CELL / 2 - 5, y2: my, class: "joint" }, over);
  }
  // The position's marks again over the pieces and the regions' borders, so that pieces
  // filling their cells (a tile's halves, discs) do not hide them and no border crosses them:
  // a hint dashed in red and the last turn dashed in blue, both inside the regions' borders,
  // and the cells that decided the game in one thick frame where they make a line or a block
  // (else each its own).
  const marks = el("g", { class: "marks" }, over);
  for (const key of hinted) {
    el("rect", { ...outlineOf(board, [keyToCell(key)], 3, 4), rx: 4, class: "hint-mark" }, marks);
  }
  for (const cell of picture.last.filter((c) => inside(board, c))) {
    el("rect", { ...outlineOf(board, [cell], 3, 4), rx: 4, class: "last-mark" }, marks);
  }
  const decided = picture.deciding.filter((c) => inside(board, c));
  const lines = decided.length && filled(board, decided) ? [decided] : decided.map((c) => [c]);
  for (const line of lines) {
    // Square corners on a line, which leave no gap for a region's border to show through.
    el("rect", { ...outlineOf(board, line, 5), rx: line.length > 1 ? 0 : 4, class: "deciding-mark" }, marks);
  }
  // Where pointing can go next, marked by a shape as well as by the cell's colour (which a
  // colour-blind player may not tell from a plain cell): a dot in an empty cell, a dot in the
  // corner of one holding a piece, dark with a light rim so that it shows on any piece.
  for (const key of targets) {
    const [px, py] = cellXY(board, keyToCell(key));
    const attrs = contents.has(key)
      ? { cx: px + CELL - CELL * 0.16, cy: py + CELL * 0.16, r: CELL * 0.1 }
      : { cx: px + CELL / 2, cy: py + CELL / 2, r: CELL * 0.14 };
    el("circle", { ...attrs, class: "legal-mark", "data-cell": key }, over);
  }
  // Pieces placed by the gesture being made, drawn faint where they will go.
  const mine = s && s.to_move !== null ? reserveOf(picture, s.to_move) : null;
  for (const p of sel.pieces.filter((q) => q.cell)) {
    const item = mine && mine.items.find((i) => i.token === p.token);
    if (!item) continue;
    const [px, py] = cellXY(board, p.cell);
    drawPiece(over, item.piece, px + CELL / 2, py + CELL / 2, CELL).setAttribute("opacity", "0.6");
  }
  previewing.board = board;
  previewing.legal = legal;
  previewing.layer = el("g", { class: "preview", opacity: "0.55" }, over);
  drawPreview(null);
  for (const [key, text] of analysed) {
    const [px, py] = cellXY(board, keyToCell(key));
    el("text", { x: px + CELL / 2, y: py + CELL - 5, "text-anchor": "middle", class: `analysis ${text.kind}` }, over)
      .textContent = text.short;
  }
  // An open grid shows the tiles and the cells pointing can go to next, with a margin, when
  // first drawn and on "Fit"; the rest is reached by panning.
  const shown = [...picture.pieces.map((p) => p.cell), ...[...targets].map(keyToCell)];
  if (shown.length === 0) shown.push({ x: 0, y: 0 });
  rulers.top = null;
  if (board.open) {
    const band = (cls) => {
      const g = el("g", { class: `ruler ${cls}`, "aria-hidden": "true" }, svg);
      el("rect", { x: 0, y: 0, width: 0, height: 0, class: "ruler-band" }, g);
      return g;
    };
    Object.assign(rulers, { top: band("columns"), left: band("rows"), corner: band("corner"), board, width, height });
    drawLabels(rulers.top, true);
    drawLabels(rulers.left, false);
  }
  sizeBoard(board.open, { x: board.columns.first, y: board.rows.first }, boxOf(board, shown, 1),
    `${s ? s.version : 0}@${displayedAt()}@${flipped}`);
  placeRulers();
  // The keyboard's focus survives the redraw.
  if (hadFocus && focusRect) focusRect.focus();
}

function keyToCell(key) {
  const [x, y] = key.split(",").map(Number);
  return { x, y };
}

