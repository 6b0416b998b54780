// Drawing pieces: one look per shape and ink, for every game. Colour is never alone: seats
// differ by fill (solid, outlined, striped, dotted) and tiles carry their letters.
import { SVG, el } from "./dom.js";

// Seat inks: the first seat filled, the second outlined, the third striped, the fourth dotted:
// shape and fill tell seats apart as well as colour does.
const SEAT_INKS = [
  { fill: "#1d4fa0", stroke: "#0d2f66", text: "#fff" },
  { fill: "#fff", stroke: "#b3261e", text: "#b3261e", width: 4 },
  { fill: "url(#stripes)", stroke: "#2e7d32", text: "#1b4d1e" },
  { fill: "url(#dots)", stroke: "#7b1fa2", text: "#4a126b" },
];
const INKS = {
  light: { fill: "#fbfaf5", stroke: "#555", text: "#222" },
  dark: { fill: "#23262b", stroke: "#000", text: "#fff" },
  red: { fill: "#c62828", stroke: "#7f1515", text: "#fff" },
  green: { fill: "#2e7d32", stroke: "#1b4d1e", text: "#fff" },
  blue: { fill: "#1565c0", stroke: "#0b3a70", text: "#fff" },
  yellow: { fill: "#e0b000", stroke: "#7a6000", text: "#222" },
  black: { fill: "#222", stroke: "#000", text: "#fff" },
  any_colour: { fill: "url(#rainbow)", stroke: "#444", text: "#222" },
};

function inkOf(ink) {
  if (typeof ink === "object" && ink.seat !== undefined) return SEAT_INKS[ink.seat % SEAT_INKS.length];
  return INKS[ink] || INKS.light;
}

// Patterns and gradients the inks refer to.
export function defs(svg) {
  const d = el("defs", {}, svg);
  const rainbow = el("linearGradient", { id: "rainbow", x1: 0, y1: 0, x2: 1, y2: 1 }, d);
  ["#c62828", "#e0b000", "#2e7d32", "#1565c0", "#7b1fa2"].forEach((c, i) =>
    el("stop", { offset: `${i * 25}%`, "stop-color": c }, rainbow));
  const stripes = el("pattern", { id: "stripes", width: 6, height: 6, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" }, d);
  el("rect", { width: 6, height: 6, fill: "#dff0df" }, stripes);
  el("rect", { width: 3, height: 6, fill: "#2e7d32" }, stripes);
  const dots = el("pattern", { id: "dots", width: 6, height: 6, patternUnits: "userSpaceOnUse" }, d);
  el("rect", { width: 6, height: 6, fill: "#f1e4f7" }, dots);
  el("circle", { cx: 3, cy: 3, r: 1.6, fill: "#7b1fa2" }, dots);
}

const SUIT_SHAPES = ["spade", "exclamation", "diamond", "heart", "club", "any_shape"];

/** The letters drawn on `piece`, if any (tiles and pushers carry theirs). */
export const drawnLabel = (piece) => (piece.label && (SUIT_SHAPES.includes(piece.shape) || piece.shape === "pusher") ? piece.label : "");

// Draws `piece` centred at (cx, cy) in a cell of `size`; returns the group.
export function drawPiece(parent, piece, cx, cy, size) {
  const g = el("g", { class: `piece shape-${piece.shape}`, "pointer-events": "none" }, parent);
  const ink = inkOf(piece.ink);
  const style = { fill: ink.fill, stroke: ink.stroke, "stroke-width": ink.width || 2 };
  const h = size * 0.3;
  switch (piece.shape) {
    case "disc":
      el("circle", { cx, cy, r: size * 0.4, ...style }, g);
      break;
    case "square":
      el("rect", { x: cx - h, y: cy - h, width: 2 * h, height: 2 * h, rx: 2, ...style }, g);
      break;
    case "circle":
      el("circle", { cx, cy, r: h * 1.05, ...style }, g);
      break;
    case "triangle":
      el("polygon", { points: `${cx},${cy - h * 1.15} ${cx + h * 1.1},${cy + h * 0.9} ${cx - h * 1.1},${cy + h * 0.9}`, ...style }, g);
      break;
    case "bar":
      el("rect", { x: cx - h * 0.5, y: cy - h * 1.15, width: h, height: h * 2.3, rx: 4, ...style }, g);
      break;
    case "half":
      el("rect", { x: cx - size / 2 + 3, y: cy - size / 2 + 3, width: size - 6, height: size - 6, rx: 3, ...style }, g);
      break;
    case "pusher": {
      const across = piece.facing !== "vertical";
      const [w, t] = [size * 0.8, size * 0.34];
      const [rw, rh] = across ? [w, t] : [t, w];
      el("rect", { x: cx - rw / 2, y: cy - rh / 2, width: rw, height: rh, rx: 4, ...style }, g);
      // Arrow heads at both ends: the ways it pushes.
      const a = size * 0.12;
      const tip = (dx, dy) => {
        const [x, y] = [cx + dx * (w / 2), cy + dy * (w / 2)];
        const pts = across
          ? `${x},${y} ${x - dx * a},${y - a} ${x - dx * a},${y + a}`
          : `${x},${y} ${x - a},${y - dy * a} ${x + a},${y - dy * a}`;
        el("polygon", { points: pts, fill: ink.stroke }, g);
      };
      if (across) { tip(-1, 0); tip(1, 0); } else { tip(0, -1); tip(0, 1); }
      break;
    }
    default:
      drawSuit(g, piece, cx, cy, size, ink);
  }
  if (drawnLabel(piece)) {
    const t = el("text", { x: cx + size * 0.4, y: cy + size * 0.42, "text-anchor": "end", class: "piece-label",
      // Letters as large as the corner allows: the only signal that needs no colour vision.
      "font-size": (size * 0.29).toFixed(1),
      fill: SUIT_SHAPES.includes(piece.shape) ? "#222" : ink.text }, g);
    t.textContent = piece.label;
  }
  return g;
}

// A tile of a suit (spade, "!", diamond, heart, club, or any): a light tile with the shape in
// its ink, and its letters in the corner.
function drawSuit(g, piece, cx, cy, size, ink) {
  el("rect", { x: cx - size / 2 + 2, y: cy - size / 2 + 2, width: size - 4, height: size - 4, rx: 5,
    fill: "#fffdf6", stroke: "#8a7b5c", "stroke-width": 1 }, g);
  const s = size * 0.27;
  const y = cy - size * 0.1;
  const style = { fill: ink.fill, stroke: ink.stroke, "stroke-width": 1 };
  switch (piece.shape) {
    case "diamond":
      el("polygon", { points: `${cx},${y - s} ${cx + s * 0.75},${y} ${cx},${y + s} ${cx - s * 0.75},${y}`, ...style }, g);
      break;
    case "heart":
      el("path", { d: `M ${cx} ${y + s} C ${cx - s * 1.6} ${y - s * 0.1}, ${cx - s * 0.7} ${y - s * 1.3}, ${cx} ${y - s * 0.4} `
        + `C ${cx + s * 0.7} ${y - s * 1.3}, ${cx + s * 1.6} ${y - s * 0.1}, ${cx} ${y + s} Z`, ...style }, g);
      break;
    case "spade":
      el("path", { d: `M ${cx} ${y - s} C ${cx - s * 1.6} ${y + s * 0.1}, ${cx - s * 0.7} ${y + s * 1.1}, ${cx} ${y + s * 0.35} `
        + `C ${cx + s * 0.7} ${y + s * 1.1}, ${cx + s * 1.6} ${y + s * 0.1}, ${cx} ${y - s} Z`, ...style }, g);
      el("polygon", { points: `${cx},${y + s * 0.3} ${cx + s * 0.35},${y + s * 1.05} ${cx - s * 0.35},${y + s * 1.05}`, ...style }, g);
      break;
    case "club":
      el("circle", { cx, cy: y - s * 0.45, r: s * 0.42, ...style }, g);
      el("circle", { cx: cx - s * 0.5, cy: y + s * 0.2, r: s * 0.42, ...style }, g);
      el("circle", { cx: cx + s * 0.5, cy: y + s * 0.2, r: s * 0.42, ...style }, g);
      el("polygon", { points: `${cx},${y} ${cx + s * 0.3},${y + s * 1.05} ${cx - s * 0.3},${y + s * 1.05}`, ...style }, g);
      break;
    case "exclamation":
      el("rect", { x: cx - s * 0.22, y: y - s, width: s * 0.44, height: s * 1.35, rx: 2, ...style }, g);
      el("circle", { cx, cy: y + s * 0.8, r: s * 0.24, ...style }, g);
      break;
    default: {
      // Any shape: a star.
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? s * 1.05 : s * 0.45;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        pts.push(`${cx + r * Math.cos(a)},${y + r * Math.sin(a)}`);
      }
      el("polygon", { points: pts.join(" "), ...style }, g);
    }
  }
}

// A small SVG holding one piece, for buttons, reserves and the legend.
export function pieceIcon(piece, size = 34) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  defs(svg);
  drawPiece(svg, piece, size / 2, size / 2, size);
  return svg;
}


/**
 * A piece's name for screen readers: what the legend says a piece drawn the same way means,
 * else its shape and letters.
 */
export function pieceName(picture, piece) {
  const same = JSON.stringify(piece);
  const key = (picture.legend || []).find((k) => JSON.stringify(k.piece) === same);
  if (key) return key.meaning;
  const ink = typeof piece.ink === "object" && piece.ink.seat !== undefined
    ? `player ${piece.ink.seat + 1}'s` : String(piece.ink).replace("_", " ");
  return `${ink} ${piece.shape.replace("_", " ")}${piece.label ? ` ${piece.label}` : ""}`;
}
