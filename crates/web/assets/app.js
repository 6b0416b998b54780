// tabuleiro's page: choose a game, then play it over a WebSocket. The server sends each
// position as a picture (cells, pieces in a shared vocabulary of shapes and inks, reserves,
// marks) and each legal move as a gesture (the cells, reserve pieces and choice it points at);
// this page draws any game from those and builds moves by pointing. Nothing here knows any
// particular game.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// ---------- Pointing: a gesture being made, matched against the legal moves' gestures ----------

const sameCell = (a, b) => a === b || (a && b && a.x === b.x && a.y === b.y);
const cellKey = (c) => `${c.x},${c.y}`;
const emptySelection = () => ({ cells: [], pieces: [], choice: null });

// Whether `sel` can still grow into `full` (as `Gesture::fits` in the server's core).
function fits(sel, full) {
  if (sel.cells.length > full.cells.length) return false;
  if (!sel.cells.every((c, i) => sameCell(c, full.cells[i]))) return false;
  if (sel.choice !== null && (!full.choice || full.choice.token !== sel.choice)) return false;
  const unused = full.pieces.slice();
  const mine = sel.pieces.slice().sort((a, b) => (a.cell ? 0 : 1) - (b.cell ? 0 : 1));
  for (const p of mine) {
    const i = unused.findIndex((u) => u.token === p.token && (p.cell === null || sameCell(u.cell, p.cell)));
    if (i < 0) return false;
    unused.splice(i, 1);
  }
  return true;
}

// Whether `sel` is exactly `full` (as `Gesture::same`).
function same(sel, full) {
  const key = (p) => `${p.token}@${p.cell ? cellKey(p.cell) : "-"}`;
  const a = sel.pieces.map(key).sort().join(" ");
  const b = full.pieces.map(key).sort().join(" ");
  const choice = full.choice ? full.choice.token : null;
  return sel.cells.length === full.cells.length && fits(sel, full) && a === b && sel.choice === choice;
}

const candidates = (sel, legal) => legal.filter((l) => fits(sel, l.gesture));

// ---------- Connection and game state ----------

const game = { id: null, token: null, socket: null, welcome: null, state: null, retry: 0,
  sel: emptySelection(), hint: null, hintVersion: null, viewAt: null, looked: null, analysis: null };

// Whether the page is joined to its game over an open connection.
const online = () => !!(game.socket && game.socket.readyState === WebSocket.OPEN && game.joined);

// Sends a message; while disconnected nothing is sent, and the player is told so (a move is
// never silently dropped: the board takes none until the connection is back).
function send(message) {
  if (!online()) {
    $("message").textContent = "Not connected: nothing was sent. Reconnecting…";
    return false;
  }
  game.socket.send(JSON.stringify(message));
  return true;
}

// Shows or hides that the connection is lost, where the player looks: over the board, which
// takes no move meanwhile.
function showOffline(lost) {
  document.body.classList.toggle("offline", lost);
  $("offline").hidden = !lost;
}

// A link that opens no game (or no seat): a page that says what is wrong and the way back.
function showBadLink(why, spectate) {
  game.stopped = true;
  // A token that opens no seat is forgotten, so that the spectator's link does not reuse it.
  sessionStorage.removeItem(`tabuleiro:token:${game.id}`);
  if (game.socket) game.socket.close();
  $("play").hidden = true;
  $("rules-open").hidden = true;
  $("bad-link").hidden = false;
  $("bad-link-why").textContent = why;
  $("spectate").hidden = !spectate;
  $("spectate").href = `/?game=${encodeURIComponent(game.id)}`;
  document.title = "tabuleiro — link not found";
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(game.id)}/ws`);
  game.socket = socket;
  socket.onopen = () => {
    game.retry = 0;
    socket.send(JSON.stringify({ type: "join", token: game.token }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = async () => {
    if (game.socket !== socket || game.stopped) return;
    game.joined = false;
    showOffline(true);
    $("status").textContent = "Connection lost — reconnecting…";
    if (!game.welcome) {
      // Never joined: ask the server whether the game exists at all.
      try {
        const answer = await fetch(`/api/games/${encodeURIComponent(game.id)}/record`);
        if (answer.status === 404) {
          showBadLink(`There is no game “${game.id}” here: the link may be mistyped or cut short.`, false);
          return;
        }
      } catch (_) { /* the server is down: keep trying */ }
    }
    game.retry = Math.min(game.retry + 1, 5);
    setTimeout(connect, 500 * game.retry);
  };
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      game.welcome = message;
      game.joined = true;
      showOffline(false);
      $("title").textContent = `— ${message.name} (${message.mode})`;
      fillRules(message.name, message.rules);
      break;
    case "state":
      if (!game.state || message.version !== game.state.version) game.sel = emptySelection();
      game.state = message;
      if (message.version !== game.hintVersion) {
        game.hint = null;
        $("hint-text").textContent = "";
      }
      if (game.analysis && game.analysis.ply !== message.moves.length) game.analysis = null;
      $("message").textContent = "";
      draw();
      break;
    case "look":
      if (game.viewAt === message.at) {
        game.looked = message.picture;
        draw();
      }
      break;
    case "analysis":
      game.analysis = { ...message, ply: game.state ? game.state.moves.length : 0 };
      draw();
      break;
    case "hint":
      game.hint = message.notation;
      game.hintVersion = game.state && game.state.version;
      $("message").textContent = "";
      $("hint-text").textContent = `Hint: ${message.notation}`;
      draw();
      break;
    case "error":
      game.askedRematch = false;
      if (!game.welcome && game.socket && !game.joined) {
        // The join was refused (a seat link whose token opens no seat, a full game).
        showBadLink(message.message, !!game.token);
        break;
      }
      $("message").textContent = message.message;
      break;
    default:
      break;
  }
}

function play(notation) {
  if (!online()) {
    // Kept on the board as pointed, not sent: the player sees it was not played.
    $("message").textContent = "Not connected: your move was not sent. Reconnecting…";
    return;
  }
  game.sel = emptySelection();
  send({ type: "move", notation });
}

// ---------- Seats ----------

function seatName(seat) {
  const w = game.welcome;
  const info = w && w.seats[seat];
  const who = info && info.computer ? ` (computer, ${info.name})` : "";
  const you = w && w.you.length === 1 && w.you[0] === seat ? " (you)" : "";
  return `Player ${seat + 1}${who}${you}`;
}

// ---------- Drawing pieces: one look per shape and ink, for every game ----------

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

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
function defs(svg) {
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

// Draws `piece` centred at (cx, cy) in a cell of `size`; returns the group.
function drawPiece(parent, piece, cx, cy, size) {
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
  if (piece.label && (SUIT_SHAPES.includes(piece.shape) || piece.shape === "pusher")) {
    const t = el("text", { x: cx + size * 0.4, y: cy + size * 0.42, "text-anchor": "end", class: "piece-label",
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
  const s = size * 0.3;
  const y = cy - size * 0.06;
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
function pieceIcon(piece, size = 34) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("class", "icon");
  defs(svg);
  drawPiece(svg, piece, size / 2, size / 2, size);
  return svg;
}

// ---------- Drawing the board ----------

const CELL = 48;
const MARGIN = 26;

function cellXY(board, cell) {
  return [MARGIN + (cell.x - board.columns.first) * CELL, MARGIN + (cell.y - board.rows.first) * CELL];
}

function drawBoard(picture, interactive) {
  const s = game.state;
  const svg = $("board");
  svg.textContent = "";
  defs(svg);
  const board = picture.board;
  const cols = board.columns.labels.length;
  const rows = board.rows.labels.length;
  svg.setAttribute("viewBox", `0 0 ${MARGIN + cols * CELL + 6} ${MARGIN + rows * CELL + 6}`);
  svg.classList.toggle("open-grid", board.open);
  board.columns.labels.forEach((label, i) => {
    const t = el("text", { x: MARGIN + i * CELL + CELL / 2, y: 17, "text-anchor": "middle", class: "label" }, svg);
    t.textContent = label;
  });
  board.rows.labels.forEach((label, i) => {
    const t = el("text", { x: MARGIN - 6, y: MARGIN + i * CELL + CELL / 2 + 5, "text-anchor": "end", class: "label" }, svg);
    t.textContent = label;
  });

  // What pointing can do next.
  const legal = interactive && s ? s.legal : [];
  const sel = game.sel;
  const cands = candidates(sel, legal);
  const targets = new Set();
  const held = sel.pieces.find((p) => p.cell === null);
  for (const l of cands) {
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
  const selected = new Set(sel.cells.map(cellKey).concat(sel.pieces.filter((p) => p.cell).map((p) => cellKey(p.cell))));
  const hinted = new Set();
  if (game.hint && interactive) {
    const h = legal.find((l) => l.notation === game.hint);
    if (h) [...h.gesture.cells, ...h.gesture.pieces.map((p) => p.cell).filter(Boolean)].forEach((c) => hinted.add(cellKey(c)));
  }
  const last = new Set(picture.last.map(cellKey));
  const deciding = new Set(picture.deciding.map(cellKey));
  const values = new Map(picture.values.map((v) => [cellKey(v.cell), v.value]));
  const analysed = analysisByCell(picture);

  for (const y of range(board.rows)) {
    for (const x of range(board.columns)) {
      const cell = { x, y };
      const key = cellKey(cell);
      const [px, py] = cellXY(board, cell);
      const classes = ["cell"];
      if (targets.has(key)) classes.push("legal");
      if (selected.has(key)) classes.push("selected");
      if (hinted.has(key)) classes.push("hint");
      if (last.has(key)) classes.push("last");
      if (deciding.has(key)) classes.push("deciding");
      const rect = el("rect", { x: px, y: py, width: CELL, height: CELL, class: classes.join(" "), "data-cell": key }, svg);
      rect.addEventListener("click", () => clickCell(cell));
      if (values.has(key)) {
        const t = el("text", { x: px + 4, y: py + 13, class: "value" }, svg);
        t.textContent = String(values.get(key));
      }
    }
  }
  // Regions: thick outlines around their cells.
  for (const region of picture.regions) {
    const xs = region.map((c) => c.x);
    const ys = region.map((c) => c.y);
    const [x0, y0] = cellXY(board, { x: Math.min(...xs), y: Math.min(...ys) });
    const [x1, y1] = cellXY(board, { x: Math.max(...xs) + 1, y: Math.max(...ys) + 1 });
    el("rect", { x: x0 + 2, y: y0 + 2, width: x1 - x0 - 4, height: y1 - y0 - 4, rx: 6, class: "region" }, svg);
  }
  // Linked cells (a tile's two halves): one frame around both.
  for (const [a, b] of picture.links) {
    const [ax, ay] = cellXY(board, a);
    const [bx, by] = cellXY(board, b);
    const [x0, y0] = [Math.min(ax, bx), Math.min(ay, by)];
    const w = Math.abs(ax - bx) + CELL;
    const h = Math.abs(ay - by) + CELL;
    el("rect", { x: x0 + 1, y: y0 + 1, width: w - 2, height: h - 2, rx: 5, class: "tile-frame" }, svg);
  }
  for (const placed of picture.pieces) {
    const [px, py] = cellXY(board, placed.cell);
    drawPiece(svg, placed.piece, px + CELL / 2, py + CELL / 2, CELL);
  }
  // Joints between linked halves, drawn over them so that a tile reads as one piece.
  for (const [a, b] of picture.links) {
    const [ax, ay] = cellXY(board, a);
    const [bx, by] = cellXY(board, b);
    const across = ay === by;
    const mx = (ax + bx) / 2 + CELL / 2;
    const my = (ay + by) / 2 + CELL / 2;
    el("line", across
      ? { x1: mx, y1: my - CELL / 2 + 5, x2: mx, y2: my + CELL / 2 - 5, class: "joint" }
      : { x1: mx - CELL / 2 + 5, y1: my, x2: mx + CELL / 2 - 5, y2: my, class: "joint" }, svg);
  }
  // The position's marks again over the pieces, so that pieces filling their cells (a tile's
  // halves, discs) do not hide them: an outline, dashed for the last turn.
  for (const [list, cls] of [[picture.last, "last-mark"], [picture.deciding, "deciding-mark"]]) {
    for (const cell of list) {
      if (!board.columns.labels.length) continue;
      const [px, py] = cellXY(board, cell);
      el("rect", { x: px + 3, y: py + 3, width: CELL - 6, height: CELL - 6, rx: 4, class: cls }, svg);
    }
  }
  // Where pointing can go next, marked by a shape as well as by the cell's colour (which a
  // colour-blind player may not tell from a plain cell): a dot in an empty cell, a dot in the
  // corner of one holding a piece, dark with a light rim so that it shows on any piece.
  const occupied = new Set(picture.pieces.map((p) => cellKey(p.cell)));
  for (const key of targets) {
    const [x, y] = key.split(",").map(Number);
    const [px, py] = cellXY(board, { x, y });
    const attrs = occupied.has(key)
      ? { cx: px + CELL - CELL * 0.16, cy: py + CELL * 0.16, r: CELL * 0.1 }
      : { cx: px + CELL / 2, cy: py + CELL / 2, r: CELL * 0.14 };
    el("circle", { ...attrs, class: "legal-mark", "data-cell": key }, svg);
  }
  // Pieces placed by the gesture being made, drawn faint where they will go.
  const mine = s && s.to_move !== null ? reserveOf(picture, s.to_move) : null;
  for (const p of sel.pieces.filter((q) => q.cell)) {
    const item = mine && mine.items.find((i) => i.token === p.token);
    if (!item) continue;
    const [px, py] = cellXY(board, p.cell);
    drawPiece(svg, item.piece, px + CELL / 2, py + CELL / 2, CELL).setAttribute("opacity", "0.6");
  }
  for (const [key, text] of analysed) {
    const [x, y] = key.split(",").map(Number);
    const [px, py] = cellXY(board, { x, y });
    const t = el("text", { x: px + CELL / 2, y: py + CELL - 5, "text-anchor": "middle", class: `analysis ${text.kind}` }, svg);
    t.textContent = text.short;
  }
}

function* range(axis) {
  for (let i = 0; i < axis.labels.length; i++) yield axis.first + i;
}

function reserveOf(picture, seat) {
  return picture.reserves.find((r) => r.seat === seat);
}

// ---------- Analysis on the board ----------

function shortValue(value) {
  let m = /^wins in (\d+)/.exec(value);
  if (m) return { short: `W${m[1]}`, kind: "win" };
  m = /^loses in (\d+)/.exec(value);
  if (m) return { short: `L${m[1]}`, kind: "loss" };
  if (value === "draw") return { short: "D", kind: "draw" };
  m = /^score ([+-]?\d+)/.exec(value);
  return { short: m ? m[1] : value, kind: "score" };
}

// The best move's value on each cell it starts from (its first cell).
function analysisByCell() {
  const shown = new Map();
  const a = game.analysis;
  if (!a || a.at !== displayedAt()) return shown;
  for (const r of a.moves) {
    const g = r.legal.gesture;
    const first = g.cells[0] || (g.pieces.find((p) => p.cell) || {}).cell;
    if (!first) continue;
    const key = cellKey(first);
    if (!shown.has(key)) shown.set(key, shortValue(r.value));
  }
  return shown;
}

function drawAnalysis() {
  const a = game.analysis;
  const panel = $("analysis");
  const over = game.state && game.state.ending;
  $("analyse").hidden = !over || !game.welcome.analysis;
  panel.hidden = !a || a.at !== displayedAt();
  if (panel.hidden) return;
  panel.textContent = "";
  const h = document.createElement("h2");
  h.textContent = `Analysis of position ${a.at}`;
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = a.moves.length ? `${a.source}. On the board: W wins, D draw, L loses (in so many moves), or the score.` : a.source;
  const list = document.createElement("ol");
  for (const r of a.moves.slice(0, 40)) {
    const li = document.createElement("li");
    const v = shortValue(r.value);
    li.className = v.kind;
    li.textContent = `${r.legal.notation}: ${r.value}`;
    list.appendChild(li);
  }
  panel.append(h, note, list);
}

// ---------- The page around the board ----------

function displayedAt() {
  return game.viewAt === null ? (game.state ? game.state.moves.length : 0) : game.viewAt;
}

// In a hotseat game with hidden information, the screen is covered when the turn passes to
// another player, until that player asks to see it.
function coverIfPassing() {
  const s = game.state;
  const w = game.welcome;
  const cover = $("cover");
  if (!w.hidden_information || w.you.length < 2 || s.ending || s.to_move === null) {
    cover.hidden = true;
    return;
  }
  if (game.shownTo !== s.to_move) {
    $("cover-text").textContent = `Pass the screen to player ${s.to_move + 1}.`;
    cover.hidden = false;
  }
}

function resultForYou(ending) {
  const w = game.welcome;
  if (!ending || w.you.length !== 1 || w.you.length === w.seats.length) return "";
  const mine = ending.results[w.you[0]];
  return mine === "win" ? "You won. " : mine === "loss" ? "You lost. " : "Draw. ";
}

function draw() {
  const s = game.state;
  const w = game.welcome;
  if (!s || !w) return;
  coverIfPassing();
  const you = w.you;
  const viewing = game.viewAt !== null && game.viewAt !== s.moves.length;
  const picture = viewing && game.looked ? game.looked : s.picture;

  const status = $("status");
  status.classList.toggle("thinking", s.thinking);
  if (s.ending) {
    status.textContent = "Game over";
  } else if (s.thinking) {
    status.textContent = `${seatName(s.to_move)} is thinking…`;
  } else if (s.to_move !== null) {
    const turn = s.move_in_turn[1] > 1 ? ` (move ${s.move_in_turn[0]} of ${s.move_in_turn[1]})` : "";
    const mine = you.includes(s.to_move);
    status.textContent = (mine && you.length === 1 ? "Your turn" : `${seatName(s.to_move)} to move`) + turn;
  }
  const watching = you.length === 0;
  if (watching) status.textContent = `Watching: ${status.textContent}`;
  // The tab says when it is your turn, for a player in another tab.
  const yourTurn = !s.ending && !s.thinking && you.length === 1 && s.to_move === you[0];
  document.title = `${yourTurn ? "● Your turn — " : ""}${w.name} — tabuleiro`;
  const banner = $("banner");
  banner.hidden = !s.ending;
  banner.textContent = s.ending ? `${resultForYou(s.ending)}${s.ending.text}` : "";
  banner.classList.toggle("won", s.ending && resultForYou(s.ending).startsWith("You won"));
  const download = $("download");
  download.hidden = !s.ending;
  download.href = `/api/games/${encodeURIComponent(game.id)}/record`;
  $("rematch").hidden = !s.ending || you.length === 0 || !!s.rematch;
  const rematch = $("rematch-link");
  rematch.hidden = !s.rematch;
  if (s.rematch) rematch.href = s.rematch;
  // Whoever pressed Rematch goes there at once; the others are offered the link.
  if (s.rematch && game.askedRematch) {
    game.askedRematch = false;
    location.assign(s.rematch);
  }
  $("undo").disabled = !s.can_undo;
  // A spectator has nothing to undo, ask or resign: no such buttons.
  $("undo").hidden = watching;
  $("resign").hidden = watching;
  // No engine help in a game between people (the server refuses it too).
  $("hint").hidden = watching || (!!game.welcome && game.welcome.mode === "online");
  $("hint").disabled = s.legal.length === 0;
  $("resign").disabled = !!s.ending || you.length === 0;
  $("type-move").hidden = s.legal.length === 0;
  $("scores").textContent = s.scores ? "Scores: " + s.scores.map((v, i) => `P${i + 1} ${v}`).join(" · ") : "";

  // History stepping.
  const at = displayedAt();
  $("history-at").textContent = viewing ? `Position after move ${at} of ${s.moves.length} (looking back)` : `Move ${s.moves.length}`;
  $("back").disabled = at === 0;
  $("forward").disabled = !viewing;
  $("now").hidden = !viewing;

  drawMoves(s, at);
  $("text").textContent = s.board;
  drawLegend(picture);
  drawBoard(picture, !viewing);
  drawReserves(picture, !viewing);
  drawChoices(!viewing);
  drawAnalysis();
}

function drawMoves(s, at) {
  const list = $("moves");
  list.textContent = "";
  let row = null;
  s.moves.forEach((m, i) => {
    if (!row || row.turn !== m.turn) {
      const li = document.createElement("li");
      li.value = m.turn;
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = `${seatName(m.seat)}: `;
      li.appendChild(who);
      list.appendChild(li);
      row = { turn: m.turn, li, first: true };
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move";
    if (i + 1 === at) b.classList.add("current");
    b.textContent = m.text;
    b.title = `Show the position after move ${i + 1}`;
    b.addEventListener("click", () => lookAt(i + 1));
    if (!row.first) row.li.append(", ");
    row.li.appendChild(b);
    row.first = false;
  });
  list.scrollTop = list.scrollHeight;
}

function drawLegend(picture) {
  const legend = $("legend");
  legend.textContent = "";
  for (const key of picture.legend) {
    const span = document.createElement("span");
    span.className = "key";
    span.append(pieceIcon(key.piece, 24), ` ${key.meaning}`);
    legend.appendChild(span);
  }
  $("notes").textContent = picture.notes.join("\n");
}

// A reserve piece's name for screen readers: what the legend says a piece drawn the same way
// means, else its token.
function pieceName(picture, item) {
  const same = JSON.stringify(item.piece);
  const key = picture.legend.find((k) => JSON.stringify(k.piece) === same);
  return key ? key.meaning : item.token;
}

function drawReserves(picture, interactive) {
  const s = game.state;
  const box = $("reserves");
  box.textContent = "";
  for (const r of picture.reserves) {
    const div = document.createElement("div");
    div.className = "reserve";
    if (s.to_move === r.seat) div.classList.add("to-move");
    const name = document.createElement("div");
    name.className = "who";
    name.textContent = seatName(r.seat);
    div.appendChild(name);
    const mine = interactive && s.legal.length > 0 && s.to_move === r.seat;
    const used = new Map();
    for (const p of game.sel.pieces) used.set(p.token, (used.get(p.token) || 0) + 1);
    for (const item of r.items) {
      for (let k = 0; k < Math.max(item.count, 1); k++) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "reserve-piece";
        b.dataset.token = item.token;
        b.title = item.count === 0 ? `${item.token}: none left` : item.token;
        b.setAttribute("aria-label", `${pieceName(picture, item)}, ${item.count} left`);
        b.appendChild(pieceIcon(item.piece, 34));
        if (item.count === 0) b.classList.add("none-left");
        // Only the pieces picked, in the reserve of the seat picking them: not every piece
        // of that kind, nor the other seat's.
        const taken = mine && ((used.get(item.token) || 0) > k || (game.sel.choice === item.token && k === 0));
        if (taken) b.classList.add("picked");
        b.disabled = !mine || item.count === 0;
        b.addEventListener("click", () => clickReserve(item.token, taken));
        div.appendChild(b);
        // A count shown once for many identical pieces.
        if (item.count > 4) {
          const n = document.createElement("span");
          n.className = "count";
          n.textContent = `×${item.count}`;
          div.appendChild(n);
          break;
        }
      }
    }
    for (let k = 0; k < r.hidden; k++) {
      const back = document.createElement("span");
      back.className = "face-down";
      back.title = "a hidden tile";
      div.appendChild(back);
    }
    if (r.note) {
      const note = document.createElement("div");
      note.className = "note";
      note.textContent = r.note;
      div.appendChild(note);
    }
    box.appendChild(div);
  }
}

function drawChoices(interactive) {
  const s = game.state;
  const box = $("choices");
  box.textContent = "";
  if (!interactive || s.legal.length === 0) return;
  const sel = game.sel;
  const cands = candidates(sel, s.legal);
  // Choices that complete the gesture as it stands (a shape, an orientation, "pass").
  if (sel.choice === null) {
    const seen = new Set();
    for (const l of cands) {
      const c = l.gesture.choice;
      if (!c || seen.has(c.token) || !same({ ...sel, choice: c.token }, l.gesture)) continue;
      seen.add(c.token);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "choice";
      b.dataset.notation = l.notation;
      if (c.piece) b.appendChild(pieceIcon(c.piece, 26));
      b.append(` ${c.label}`);
      b.addEventListener("click", () => play(l.notation));
      box.appendChild(b);
    }
  }
  // A gesture that is a whole move while longer ones go on from it: play it now?
  if (cands.length > 1) {
    for (const l of cands.filter((c) => same(sel, c.gesture)).slice(0, 3)) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "confirm";
      b.dataset.notation = l.notation;
      b.textContent = `Play ${l.notation}`;
      b.addEventListener("click", () => play(l.notation));
      box.appendChild(b);
    }
  }
  if (sel.cells.length || sel.pieces.length || sel.choice !== null) {
    const b = document.createElement("button");
    b.type = "button";
    b.id = "clear";
    b.textContent = "Start the move again";
    b.addEventListener("click", () => { game.sel = emptySelection(); draw(); });
    box.appendChild(b);
  }
}

// After each change of the gesture: a unique whole move is played at once.
function settle() {
  const s = game.state;
  const cands = candidates(game.sel, s.legal);
  const exact = cands.filter((l) => same(game.sel, l.gesture));
  if (exact.length === 1 && cands.length === 1) {
    play(exact[0].notation);
    return;
  }
  draw();
}

function tryGesture(next) {
  if (candidates(next, game.state.legal).length === 0) return false;
  game.sel = next;
  return true;
}

function clickCell(cell) {
  const s = game.state;
  if (!s || s.legal.length === 0 || (game.viewAt !== null && game.viewAt !== s.moves.length)) return;
  const sel = game.sel;
  const held = sel.pieces.findIndex((p) => p.cell === null);
  const placedHere = sel.pieces.findIndex((p) => sameCell(p.cell, cell));
  let done = false;
  if (placedHere >= 0) {
    // Pointing again at a piece put down takes it back into the hand.
    const pieces = sel.pieces.slice();
    pieces[placedHere] = { token: pieces[placedHere].token, cell: null };
    game.sel = { ...sel, pieces };
    done = true;
  } else if (held >= 0) {
    const pieces = sel.pieces.slice();
    pieces[held] = { token: pieces[held].token, cell };
    done = tryGesture({ ...sel, pieces });
    if (!done) $("message").textContent = `${pieces[held].token} cannot go there`;
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

function clickReserve(token, taken) {
  const s = game.state;
  const sel = game.sel;
  if (taken) {
    // Pointing again at a picked piece puts it back.
    if (sel.choice === token) game.sel = { ...sel, choice: null };
    else {
      const i = sel.pieces.map((p) => p.token).lastIndexOf(token);
      game.sel = { ...sel, pieces: sel.pieces.filter((_, k) => k !== i) };
    }
    draw();
    return;
  }
  const asChoice = s.legal.some((l) => l.gesture.choice && l.gesture.choice.token === token);
  const ok = asChoice
    ? tryGesture({ ...sel, choice: token }) || tryGesture({ cells: [], pieces: [], choice: token })
    : tryGesture({ ...sel, pieces: [...sel.pieces, { token, cell: null }] });
  $("message").textContent = ok ? "" : `${token} cannot be played with what is picked`;
  settle();
}

function lookAt(at) {
  const s = game.state;
  if (!s) return;
  at = Math.max(0, Math.min(at, s.moves.length));
  game.sel = emptySelection();
  if (at === s.moves.length) {
    game.viewAt = null;
    game.looked = null;
    draw();
    return;
  }
  game.viewAt = at;
  game.looked = null;
  send({ type: "look", at });
}

function fillRules(name, rules) {
  $("rules-title").textContent = `${name}: the rules`;
  const body = $("rules-text");
  body.textContent = "";
  for (const paragraph of rules.split(/\n\s*\n/)) {
    const p = document.createElement("p");
    p.textContent = paragraph.trim();
    body.appendChild(p);
  }
}

// ---------- New game ----------

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
  const options = $("options");
  options.textContent = "";
  for (const o of info.options) {
    const label = document.createElement("label");
    label.textContent = `${o.name} `;
    let input;
    if (o.choices.length > 0) {
      input = document.createElement("select");
      for (const c of o.choices) input.add(new Option(c, c));
    } else {
      input = document.createElement("input");
      input.size = 10;
    }
    input.value = o.default;
    input.dataset.option = o.name;
    input.title = `${o.description} (${o.allowed})`;
    label.appendChild(input);
    const note = document.createElement("span");
    note.className = "note";
    note.textContent = ` ${o.description}`;
    label.appendChild(note);
    options.appendChild(label);
  }
  fillSeats();
}

function fillSeats() {
  const seat = $("seat");
  seat.textContent = "";
  for (let n = 1; n <= Number($("players").value); n++) seat.add(new Option(`player ${n}`, String(n - 1)));
  const mode = document.querySelector("input[name=mode]:checked").value;
  $("computer-settings").hidden = mode !== "computer";
}

async function setup() {
  $("setup").hidden = false;
  catalog = await (await fetch("/api/catalog")).json();
  for (const g of catalog.games) $("game").add(new Option(g.name, g.id));
  for (const l of catalog.levels) $("level").add(new Option(`${l.name} — ${l.description}`, l.name));
  $("level").value = "medium";
  $("game").addEventListener("change", fillSetup);
  $("players").addEventListener("change", fillSeats);
  document.querySelectorAll("input[name=mode]").forEach((r) => r.addEventListener("change", fillSeats));
  fillSetup();
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    const mode = document.querySelector("input[name=mode]:checked").value;
    const options = {};
    document.querySelectorAll("[data-option]").forEach((i) => { options[i.dataset.option] = i.value; });
    const body = { game: $("game").value, players: Number($("players").value), options, mode };
    if (mode === "computer") { body.level = $("level").value; body.seat = Number($("seat").value); }
    $("setup-error").textContent = "";
    $("create").disabled = true;
    try {
      const answer = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body) });
      const created = await answer.json();
      if (!answer.ok) throw new Error(created.error || answer.statusText);
      const mine = created.seats.find((seat) => seat.link);
      if (mode !== "online") { location.assign(mine.link); return; }
      showLinks(created);
    } catch (error) {
      $("setup-error").textContent = String(error.message || error);
    } finally {
      $("create").disabled = false;
    }
  });
}

function showLinks(created) {
  $("setup").hidden = true;
  $("links").hidden = false;
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

// ---------- Start ----------

function start() {
  $("rules-open").addEventListener("click", () => $("rules-dialog").showModal());
  $("rules-close").addEventListener("click", () => $("rules-dialog").close());
  const params = new URLSearchParams(location.search);
  const id = params.get("game");
  if (!id) { setup(); return; }
  game.id = id;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const key = `tabuleiro:token:${id}`;
  game.token = fragment.get("token") || sessionStorage.getItem(key) || null;
  if (game.token) sessionStorage.setItem(key, game.token);
  $("play").hidden = false;
  $("show").addEventListener("click", () => {
    game.shownTo = game.state ? game.state.to_move : null;
    $("cover").hidden = true;
  });
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("hint").addEventListener("click", () => send({ type: "hint" }));
  $("resign").addEventListener("click", () => { if (confirm("Resign this game?")) send({ type: "resign" }); });
  $("rematch").addEventListener("click", () => { game.askedRematch = send({ type: "rematch" }); });
  $("analyse").addEventListener("click", () => {
    let at = displayedAt();
    // The final position has no move to rate: the analysis opens at the last move's choice.
    if (game.state && game.state.ending && at === game.state.moves.length && at > 0) {
      at -= 1;
      lookAt(at);
    }
    $("analysis").hidden = false;
    $("analysis").textContent = "Analysing…";
    send({ type: "analyse", at });
  });
  $("back").addEventListener("click", () => lookAt(displayedAt() - 1));
  $("forward").addEventListener("click", () => lookAt(displayedAt() + 1));
  $("now").addEventListener("click", () => lookAt(game.state ? game.state.moves.length : 0));
  $("type-move").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-text").value.trim();
    if (text) { play(text); $("move-text").value = ""; }
  });
  connect();
}

start();
