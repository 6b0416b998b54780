// Pointing: a gesture being made, matched against the legal moves' gestures. The same rules as
// `Gesture::fits` and `Gesture::same` in the server's core (crates/core/src/picture.rs); the
// node test `e2e/gestures.test.mjs` checks both agree on cases the Rust tests generate.

/** Whether two cells (or two absent cells) are the same. */
export const sameCell = (a, b) => a === b || (!!a && !!b && a.x === b.x && a.y === b.y);

/** A cell as a map key, "x,y". */
export const cellKey = (c) => `${c.x},${c.y}`;

/** A gesture with nothing pointed at yet. */
export const emptySelection = () => ({ cells: [], pieces: [], choice: null });

/** Whether `sel` (a gesture being made) can still grow into `full` (a legal move's gesture). */
export function fits(sel, full) {
  if (sel.cells.length > full.cells.length) return false;
  if (!sel.cells.every((c, i) => sameCell(c, full.cells[i]))) return false;
  if (sel.choice !== null && (!full.choice || full.choice.token !== sel.choice)) return false;
  const unused = full.pieces.slice();
  // Pieces on a cell first, so that a piece still in hand never takes the place a placed one needs.
  const mine = sel.pieces.slice().sort((a, b) => (a.cell ? 0 : 1) - (b.cell ? 0 : 1));
  for (const p of mine) {
    const i = unused.findIndex((u) => u.token === p.token && (!p.cell || sameCell(u.cell, p.cell)));
    if (i < 0) return false;
    unused.splice(i, 1);
  }
  return true;
}

/** Whether `sel` is exactly `full`: the same cells in order, pieces on cells, and choice. */
export function same(sel, full) {
  const key = (p) => `${p.token}@${p.cell ? cellKey(p.cell) : "-"}`;
  const a = sel.pieces.map(key).sort().join(" ");
  const b = full.pieces.map(key).sort().join(" ");
  const choice = full.choice ? full.choice.token : null;
  return sel.cells.length === full.cells.length && fits(sel, full) && a === b && sel.choice === choice;
}

/** The legal moves `sel` can still grow into. */
export const candidates = (sel, legal) => legal.filter((l) => fits(sel, l.gesture));
