// A state's legal moves widened from their lean form on the wire to full moves,
// `{notation, gesture: {cells, pieces, choice}, preview}`. The server's
// `protocol/legal_wire.rs` writes the form and says it in full; `protocol/legal_wire/graph.rs`
// says the graph of steps. `e2e/legal.test.mjs` checks this reader against the Rust one on
// positions of every game.

// Numbers in a string: base-32 digits, the last from the first 32 characters, the others from
// the next 32.
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

// Most nodes visited in a graph (as the server's reader).
const MOST_VISITS = 2_000_000;

function numbers(text) {
  let at = 0;
  return {
    done: () => at >= text.length,
    next() {
      let n = 0;
      for (;;) {
        const d = DIGITS.indexOf(text[at++]);
        if (d < 0) throw new Error("the moves' graph is cut short or not digits");
        if (d < 32) return n * 32 + d;
        n = n * 32 + (d - 32);
      }
    },
  };
}

// A number folded to its sign (0, 1, 2, 3 … as 0, -1, 1, -2 …).
const unfold = (z) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

// Cantor's pairing, undone: a cell's column and row from the cell before.
function unpair(p) {
  let w = Math.floor((Math.sqrt(8 * p + 1) - 1) / 2);
  while ((w * (w + 1)) / 2 > p) w -= 1;
  while (((w + 1) * (w + 2)) / 2 <= p) w += 1;
  const b = p - (w * (w + 1)) / 2;
  return [unfold(w - b), unfold(b)];
}

// The graph's nodes, each {end: form or null, edges: [{kind, index, dx, dy, next}]}, `next`
// a node's index or {form} for a bare end.
function readGraph(text) {
  const read = numbers(text || "");
  const nodes = [];
  while (!read.done()) {
    const head = read.next();
    const node = { end: head % 2 === 1 ? read.next() : null, edges: [] };
    for (let k = 0; k < Math.floor(head / 2); k++) {
      const code = read.next();
      const edge = { kind: code % 4, index: Math.floor(code / 4), dx: 0, dy: 0 };
      if (edge.kind < 2) [edge.dx, edge.dy] = unpair(read.next());
      const back = read.next();
      if (back === 0) edge.next = { form: read.next() };
      else if (back <= nodes.length) edge.next = nodes.length - back;
      else throw new Error("an edge of the moves' graph leads forward");
      node.edges.push(edge);
    }
    nodes.push(node);
  }
  return nodes;
}

// A cell's names as a notation may write them: `c3` on the lettered boards (else none), `x,y`.
function names(cell) {
  const letter = cell.x >= 0 && cell.x < 26 && cell.y >= 0 ? `${String.fromCharCode(97 + cell.x)}${cell.y + 1}` : "";
  return [letter, `${cell.x},${cell.y}`];
}

// The texts a move's notation is made of, in the server's order (graph.rs, `parts`).
function parts(gesture) {
  const out = [];
  for (const cell of gesture.cells) out.push(...names(cell));
  for (const p of gesture.pieces) {
    out.push(p.token);
    if (p.cell) out.push(...names(p.cell));
  }
  if (gesture.choice) out.push(gesture.choice.token);
  return out;
}

function render(template, gesture) {
  const own = parts(gesture);
  return template.map((bit) => (typeof bit === "number" ? own[bit] ?? "" : bit)).join("");
}

// The moves of the graph, in the server's order: a node's own move, then along its edges.
function graphMoves(lean, choices) {
  const nodes = readGraph(lean.graph);
  const forms = lean.forms || [];
  const tokens = lean.tokens || [];
  const moves = [];
  const path = [];
  let left = MOST_VISITS;
  const emit = (form) => {
    const gesture = { cells: [], pieces: [], choice: null };
    let at = { x: 0, y: 0 };
    for (const step of path) {
      if (step.kind < 2) at = { x: at.x + step.dx, y: at.y + step.dy };
      if (step.kind === 0) gesture.cells.push(at);
      else if (step.kind === 1) gesture.pieces.push({ token: tokens[step.index], cell: at });
      else if (step.kind === 2) gesture.pieces.push({ token: tokens[step.index], cell: null });
      else gesture.choice = choices[step.index] ?? null;
    }
    moves.push({ notation: render(forms[form] || [], gesture), gesture, preview: [] });
  };
  const visit = (next) => {
    if (--left < 0) throw new Error("more moves than a position has");
    if (typeof next === "object") {
      emit(next.form);
      return;
    }
    const node = nodes[next];
    if (node.end !== null) emit(node.end);
    for (const edge of node.edges) {
      path.push(edge);
      visit(edge.next);
      path.pop();
    }
  };
  if (nodes.length) visit(nodes.length - 1);
  return moves;
}

/** The full moves of `lean`, the `legal` of a state as it travels. */
export function fullMoves(lean) {
  if (!lean || Array.isArray(lean)) return lean || [];
  const choices = (lean.choices || []).map(([token, label, piece = null]) => ({ token, label, piece }));
  const pieces = lean.pieces || [];
  const full = (lean.moves || []).map(([notation, flat = [], ...rest]) => {
    // After the cells: the placements (an array) if any, then the choice (a number), then the
    // preview (an array).
    const placed = Array.isArray(rest[0]) ? rest.shift() : [];
    const choice = typeof rest[0] === "number" ? rest.shift() : -1;
    const preview = rest[0] || [];
    const cells = [];
    for (let k = 0; k + 1 < flat.length; k += 2) cells.push({ x: flat[k], y: flat[k + 1] });
    return {
      notation,
      gesture: {
        cells,
        pieces: placed.map(([token, x, y]) => ({ token, cell: x === undefined ? null : { x, y } })),
        choice: choice >= 0 ? choices[choice] : null,
      },
      preview: preview.map(([x, y, k]) => ({ cell: { x, y }, piece: pieces[k] })),
    };
  });
  return graphMoves(lean, choices).concat(full);
}
