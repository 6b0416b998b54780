// A small still board: a position drawn from a game's picture, as the board draws it, for the
// home page's cards and the lists of games being played. Nothing on it can be pointed at.
import { el } from "./dom.js";
import { defs, drawPiece } from "./pieces.js";

const CELL = 48;
const PAD = 4;

// The patterns and gradients the pieces' inks refer to, once on the page for every
// miniature (in a hidden drawing of their own, so that none goes when a miniature goes).
function define() {
  if (document.getElementById("miniature-defs")) return;
  const holder = el("svg", { id: "miniature-defs", width: 0, height: 0, "aria-hidden": "true", focusable: "false" });
  holder.style.position = "absolute";
  defs(holder);
  document.body.append(holder);
}

// The cells drawn: the whole of a fixed board; of an open grid, its tiles and one cell around.
function shownPart(picture) {
  const board = picture.board;
  if (!board.open || picture.pieces.length === 0) return board;
  const xs = picture.pieces.map((p) => p.cell.x);
  const ys = picture.pieces.map((p) => p.cell.y);
  const axis = (low, high) => ({ first: low, labels: Array.from({ length: high - low + 1 }, (_, k) => String(low + k)) });
  return { ...board, columns: axis(Math.min(...xs) - 1, Math.max(...xs) + 1), rows: axis(Math.min(...ys) - 1, Math.max(...ys) + 1) };
}

/** A new `<svg>` showing `picture`'s board, its regions and its pieces, named `label` for
 * screen readers. */
export function miniature(picture, label) {
  const board = shownPart(picture);
  const cols = board.columns.labels.length;
  const rows = board.rows.labels.length;
  const svg = el("svg", {
    viewBox: `0 0 ${cols * CELL + 2 * PAD} ${rows * CELL + 2 * PAD}`,
    class: `miniature${board.open ? " open-grid" : ""}`,
    role: "img",
    "aria-label": label,
  });
  define();
  const at = (cell) => [PAD + (cell.x - board.columns.first) * CELL, PAD + (cell.y - board.rows.first) * CELL];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      el("rect", { x: PAD + i * CELL, y: PAD + j * CELL, width: CELL, height: CELL, class: "cell" }, svg);
    }
  }
  el("rect", { x: PAD - 1, y: PAD - 1, width: cols * CELL + 2, height: rows * CELL + 2, class: "frame" }, svg);
  const boxOf = (cells, inset) => {
    const corners = cells.map(at);
    const x0 = Math.min(...corners.map(([x]) => x));
    const y0 = Math.min(...corners.map(([, y]) => y));
    const x1 = Math.max(...corners.map(([x]) => x)) + CELL;
    const y1 = Math.max(...corners.map(([, y]) => y)) + CELL;
    return { x: x0 + inset, y: y0 + inset, width: x1 - x0 - 2 * inset, height: y1 - y0 - 2 * inset };
  };
  for (const region of picture.regions) el("rect", { ...boxOf(region, 2), rx: 6, class: "region" }, svg);
  for (const link of picture.links) el("rect", { ...boxOf(link, 1.25), rx: 5, class: "tile-frame" }, svg);
  for (const placed of picture.pieces) {
    const [x, y] = at(placed.cell);
    drawPiece(svg, placed.piece, x + CELL / 2, y + CELL / 2, CELL);
  }
  return svg;
}
