// The analysis of a finished game's position: every legal move's value, on the board and in a
// list. Values arrive as data (`{kind: "win", plies: 7}`, `{kind: "score", value: 31}`).
import { $, html } from "./dom.js";
import { cellKey } from "./gestures.js";
import { displayedAt, game } from "./state.js";

/** A value as the board writes it: W7 (wins in 7 moves), D, L12, or the score. */
export function shortValue(verdict) {
  switch (verdict.kind) {
    case "win": return { short: `W${verdict.plies}`, kind: "win" };
    case "loss": return { short: `L${verdict.plies}`, kind: "loss" };
    case "draw": return { short: "D", kind: "draw" };
    default: return { short: `${verdict.value > 0 ? "+" : ""}${verdict.value}`, kind: "score" };
  }
}

/** The best move's value on each cell it starts from (its first cell), at position `at`. */
export function analysisByCell(at) {
  const shown = new Map();
  const a = game.analysis;
  if (!a || a.at !== at) return shown;
  for (const r of a.moves) {
    const g = r.legal.gesture;
    const first = g.cells[0] || (g.pieces.find((p) => p.cell) || {}).cell;
    if (!first) continue;
    const key = cellKey(first);
    if (!shown.has(key)) shown.set(key, shortValue(r.verdict));
  }
  return shown;
}

/** Shows the analysis of the position displayed, if there is one. */
export function drawAnalysis() {
  const a = game.analysis;
  const panel = $("analysis");
  const over = game.state && game.state.ending;
  $("analyse").hidden = !over || !game.welcome.analysis;
  panel.hidden = !a || a.at !== displayedAt();
  if (panel.hidden) return;
  panel.textContent = "";
  const note = html("p", "note", a.moves.length
    ? `${a.source}. On the board: W wins, D draw, L loses (in so many moves), or the score.` : a.source);
  const list = html("ol");
  // A list that may scroll: reachable by the keyboard, named for screen readers.
  list.tabIndex = 0;
  list.setAttribute("aria-label", "Every move's value, best first");
  for (const r of a.moves.slice(0, 40)) {
    list.appendChild(html("li", shortValue(r.verdict).kind, `${r.legal.notation}: ${r.value}`));
  }
  panel.append(html("h2", "", `Analysis of position ${a.at}`), note, list);
}
