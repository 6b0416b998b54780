// tabuleiro's page: choose a game, then play it over a WebSocket. The board is drawn as SVG
// from the game's own text rendering (column labels over rows of cells), and the legal moves
// the server sends tell which cells can be clicked: nothing here knows any particular game.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// ---------- The board picture: a text rendering read as a grid of named cells ----------

// Column labels: letters a b c … (cells `c4`) or consecutive numbers (cells `3,-1`).
function readHeader(line) {
  const labels = [];
  const re = /\S+/g;
  let m;
  while ((m = re.exec(line)) !== null) labels.push({ text: m[0], end: m.index + m[0].length - 1 });
  if (labels.length < 2) return null;
  if (labels.every((l, i) => l.text.length === 1 && l.text.charCodeAt(0) === 97 + i)) {
    return { naming: "letters", columns: labels.map((l, i) => ({ label: i, end: l.end })) };
  }
  const numbers = labels.map((l) => (/^-?\d+$/.test(l.text) ? Number(l.text) : NaN));
  if (numbers.every((n, i) => !Number.isNaN(n) && (i === 0 || n === numbers[i - 1] + 1))) {
    return { naming: "numbers", columns: labels.map((l, i) => ({ label: numbers[i], end: l.end })) };
  }
  return null;
}

function parseBoard(text) {
  const lines = text.split("\n");
  for (let h = 0; h < lines.length; h++) {
    const header = readHeader(lines[h]);
    if (!header) continue;
    const rows = [];
    let last = h;
    for (let i = h + 1; i < lines.length; i++) {
      const first = lines[i].trim().split(/\s+/)[0];
      if (first === "") continue;
      const m = /^-?\d+/.exec(first);
      if (!m) break;
      const row = { label: Number(m[0]), cells: [] };
      for (const column of header.columns) {
        let start = column.end;
        while (start > 0 && lines[i][start - 1] !== undefined && lines[i][start - 1] !== " ") start--;
        const token = (lines[i].slice(start, column.end + 1) || "").trim();
        row.cells.push(token);
      }
      rows.push(row);
      last = i;
    }
    if (rows.length === 0) continue;
    const rest = lines.slice(0, h).concat(lines.slice(last + 1)).join("\n").trim();
    return { naming: header.naming, columns: header.columns.map((c) => c.label), rows, rest };
  }
  return { naming: null, columns: [], rows: [], rest: text.trim() };
}

// A rendering without a grid (an empty board) gets an empty grid over the cells that the
// legal moves name, so that the first move can be clicked too.
function gridFromMoves(board, legal) {
  const pairs = [];
  const letters = [];
  for (const mv of legal) {
    for (const m of mv.matchAll(/(-?\d+),(-?\d+)/g)) pairs.push([Number(m[1]), Number(m[2])]);
    for (const m of mv.matchAll(/(?:^|[^a-z])([a-z])(\d+)/g)) letters.push([m[1].charCodeAt(0) - 97, Number(m[2])]);
  }
  const cells = pairs.length > 0 ? pairs : letters;
  if (cells.length === 0) return;
  board.naming = pairs.length > 0 ? "numbers" : "letters";
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (x1 - x0 > 20 || y1 - y0 > 20) return;
  for (let x = x0; x <= x1; x++) board.columns.push(x);
  for (let y = y0; y <= y1; y++) board.rows.push({ label: y, cells: board.columns.map(() => "") });
}

function cellName(board, column, row) {
  return board.naming === "letters" ? String.fromCharCode(97 + column) + row : `${column},${row}`;
}

// The cells a move's notation names, in order, keeping only cells on the board.
function cellsOf(board, notation) {
  const found = [];
  const re = board.naming === "letters" ? /[a-z]\d+/g : /-?\d+,-?\d+/g;
  let m;
  while ((m = re.exec(notation)) !== null) {
    if (board.names.has(m[0])) found.push(m[0]);
  }
  return found;
}

// ---------- Connection and game state ----------

const game = { id: null, token: null, socket: null, welcome: null, state: null, board: null,
  selected: null, hint: null, retry: 0 };

function send(message) {
  if (game.socket && game.socket.readyState === WebSocket.OPEN) game.socket.send(JSON.stringify(message));
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
  socket.onclose = () => {
    if (game.socket !== socket) return;
    $("status").textContent = "Connection lost — reconnecting…";
    game.retry = Math.min(game.retry + 1, 5);
    setTimeout(connect, 500 * game.retry);
  };
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      game.welcome = message;
      $("title").textContent = `— ${message.name} (${message.mode})`;
      break;
    case "state":
      game.state = message;
      game.selected = null;
      if (message.version !== game.hintVersion) game.hint = null;
      $("message").textContent = "";
      draw();
      break;
    case "hint":
      game.hint = message.notation;
      game.hintVersion = game.state && game.state.version;
      $("message").textContent = `Hint: ${message.notation}`;
      draw();
      break;
    case "error":
      $("message").textContent = message.message;
      break;
    default:
      break;
  }
}

function play(notation) {
  game.selected = null;
  $("choices").textContent = "";
  send({ type: "move", notation });
}

// ---------- Drawing ----------

function seatName(seat) {
  const w = game.welcome;
  const who = w && w.seats[seat] && w.seats[seat].computer ? ` (computer: ${w.seats[seat].name})` : "";
  return `Player ${seat + 1}${who}`;
}

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function pieceClass(token) {
  if (/^[RGBYK*][SXDHC*]$/.test(token)) return "piece tile";
  if (/^\d+$/.test(token)) return "piece value";
  if (token === "#") return "piece dark";
  if (/[A-Z]/.test(token)) return "piece seat0";
  if (/[a-z]/.test(token)) return "piece seat1";
  return "piece";
}

// Optional pictures for the pieces of some games, looked up by game id (as the terminal UI's
// skins): a piece written with one of these characters is drawn as a shape, in its seat's
// colour (filled for the first seat, outlined for the second). Other games and characters are
// drawn from their text.
const SKINS = {
  quantik: {
    glyphs: { C: ["square", 0], Y: ["bar", 0], O: ["triangle", 0], S: ["circle", 0],
      c: ["square", 1], y: ["bar", 1], o: ["triangle", 1], s: ["circle", 1] },
    legend: "cube ■ C · cylinder ▮ Y · cone ▲ O · sphere ● S — player 1 filled blue, player 2 red outline",
  },
  nudge: { glyphs: { W: ["disc", 2], B: ["disc", 3] }, legend: "○ White (player 1) · ● Black (player 2)" },
  taiji: { glyphs: { O: ["tile", 2], "#": ["tile", 3] }, legend: "□ light half (player 1) · ■ dark half (player 2)" },
};
const NO_SKIN = { glyphs: {}, legend: "" };

// Draws a piece: `seat` 0 filled blue, 1 outlined red, 2 white, 3 black.
function drawGlyph(svg, [shape, seat], cx, cy, size) {
  const h = size * 0.3;
  const style = ["fill:#1d4fa0;stroke:#1d4fa0", "fill:#fff;stroke:#b3261e", "fill:#fff;stroke:#444",
    "fill:#222;stroke:#222"][seat];
  const common = { style: `${style};stroke-width:3`, "pointer-events": "none" };
  if (shape === "square" || shape === "tile") {
    const half = shape === "tile" ? size / 2 - 6 : h;
    el("rect", { x: cx - half, y: cy - half, width: 2 * half, height: 2 * half, rx: 3, ...common }, svg);
  } else if (shape === "bar") {
    el("rect", { x: cx - h * 0.55, y: cy - h * 1.1, width: h * 1.1, height: h * 2.2, rx: 4, ...common }, svg);
  } else if (shape === "triangle") {
    el("polygon", { points: `${cx},${cy - h * 1.1} ${cx + h * 1.1},${cy + h * 0.9} ${cx - h * 1.1},${cy + h * 0.9}`, ...common }, svg);
  } else {
    el("circle", { cx, cy, r: shape === "disc" ? size / 2 - 7 : h * 1.05, ...common }, svg);
  }
}

const TILE_COLOURS = { R: "#c62828", G: "#2e7d32", B: "#1565c0", Y: "#c9a000", K: "#333", "*": "#7b1fa2" };

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

function draw() {
  const s = game.state;
  const w = game.welcome;
  if (!s || !w) return;
  coverIfPassing();
  const you = w.you;
  const board = parseBoard(s.board);
  if (board.rows.length === 0) gridFromMoves(board, s.legal);
  const skin = SKINS[w.game] || NO_SKIN;
  board.names = new Set();
  board.rows.forEach((row) => board.columns.forEach((c) => board.names.add(cellName(board, c, row.label))));
  game.board = board;

  // Status and banner.
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
  $("banner").hidden = !s.ending;
  $("banner").textContent = s.ending ? s.ending.text : "";
  const download = $("download");
  download.hidden = !s.ending;
  download.href = `/api/games/${encodeURIComponent(game.id)}/record`;
  $("undo").disabled = !s.can_undo;
  $("hint").disabled = s.legal.length === 0;
  $("resign").disabled = !!s.ending || you.length === 0;
  $("type-move").hidden = s.legal.length === 0;
  $("scores").textContent = s.scores ? "Scores: " + s.scores.map((v, i) => `P${i + 1} ${v}`).join(" · ") : "";
  const moves = $("moves");
  moves.textContent = "";
  for (const m of s.moves) {
    const li = document.createElement("li");
    li.textContent = m;
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  $("text").textContent = s.board;
  $("info").textContent = (skin.legend ? skin.legend + "\n" : "") + board.rest;

  // Which cells start a legal move, and the cells of the selection and hint.
  const anchors = new Map();
  for (const mv of s.legal) {
    const cells = cellsOf(board, mv);
    if (cells.length === 0) continue;
    if (!anchors.has(cells[0])) anchors.set(cells[0], []);
    anchors.get(cells[0]).push(mv);
  }
  const candidates = game.selected ? anchors.get(game.selected) || [] : [];
  const partners = new Set();
  for (const mv of candidates) cellsOf(board, mv).slice(1).forEach((c) => partners.add(c));
  const hinted = new Set(game.hint ? cellsOf(board, game.hint) : []);
  const last = new Set(s.moves.length ? cellsOf(board, s.moves[s.moves.length - 1]) : []);

  // The SVG grid.
  const svg = $("board");
  svg.textContent = "";
  const size = 44;
  const margin = 28;
  const width = margin + board.columns.length * size + 4;
  const height = margin + board.rows.length * size + 4;
  svg.setAttribute("viewBox", `0 0 ${width} ${Math.max(height, 40)}`);
  board.columns.forEach((c, i) => {
    const t = el("text", { x: margin + i * size + size / 2, y: 18, "text-anchor": "middle", class: "label" }, svg);
    t.textContent = board.naming === "letters" ? String.fromCharCode(97 + c) : String(c);
  });
  board.rows.forEach((row, r) => {
    const t = el("text", { x: margin - 8, y: margin + r * size + size / 2 + 5, "text-anchor": "end", class: "label" }, svg);
    t.textContent = String(row.label);
    board.columns.forEach((c, i) => {
      const name = cellName(board, c, row.label);
      const classes = ["cell"];
      if (anchors.has(name)) classes.push("legal");
      if (partners.has(name)) classes.push("partner");
      if (game.selected === name) classes.push("selected");
      if (hinted.has(name)) classes.push("hint");
      else if (last.has(name)) classes.push("last");
      const rect = el("rect", { x: margin + i * size, y: margin + r * size, width: size, height: size,
        class: classes.join(" "), "data-cell": name }, svg);
      rect.addEventListener("click", () => clickCell(name));
      const token = row.cells[i];
      const glyph = skin.glyphs[token];
      if (glyph) {
        drawGlyph(svg, glyph, margin + i * size + size / 2, margin + r * size + size / 2, size);
      } else if (token && token !== ".") {
        const label = el("text", { x: margin + i * size + size / 2, y: margin + r * size + size / 2 + 6,
          "text-anchor": "middle", class: pieceClass(token) }, svg);
        if (/^[RGBYK*][SXDHC*]$/.test(token)) label.setAttribute("style", `fill:${TILE_COLOURS[token[0]]}`);
        label.textContent = token;
      }
    });
  });
  if (board.rows.length === 0) svg.setAttribute("viewBox", "0 0 10 1");

  // Choices: the moves at the selected cell; moves that name no cell (a pass) in a list of
  // their own, open when the board has no grid.
  const choices = $("choices");
  choices.textContent = "";
  const buttons = (moves, parent) => {
    for (const mv of moves.slice(0, 80)) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = mv;
      b.addEventListener("click", () => play(mv));
      parent.appendChild(b);
    }
    if (moves.length > 80) {
      const more = document.createElement("span");
      more.className = "note";
      more.textContent = ` … and ${moves.length - 80} more: type one below`;
      parent.appendChild(more);
    }
  };
  if (game.selected) {
    buttons(candidates, choices);
  } else {
    const other = s.legal.filter((mv) => cellsOf(board, mv).length === 0);
    if (other.length > 0) {
      const details = document.createElement("details");
      details.id = "other-moves";
      details.open = board.rows.length === 0;
      const summary = document.createElement("summary");
      summary.textContent = `Moves on no cell (${other.length})`;
      details.appendChild(summary);
      buttons(other, details);
      choices.appendChild(details);
    }
  }
}

function clickCell(name) {
  const s = game.state;
  if (!s || s.legal.length === 0) return;
  const board = game.board;
  // A cell of a selected move other than its first (Taiji's dark half) chooses among them.
  if (game.selected && game.selected !== name) {
    const among = s.legal.filter((mv) => {
      const cells = cellsOf(board, mv);
      return cells[0] === game.selected && cells.slice(1).includes(name);
    });
    if (among.length === 1) return play(among[0]);
  }
  const here = s.legal.filter((mv) => cellsOf(board, mv)[0] === name);
  if (here.length === 1) return play(here[0]);
  game.selected = here.length > 0 && game.selected !== name ? name : null;
  draw();
}

// ---------- New game ----------

let catalog = null;

function fillSetup() {
  const info = catalog.games.find((g) => g.id === $("game").value);
  $("summary").textContent = `${info.summary} Moves: ${info.move_syntax}`;
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
    li.append(`${label}: `, a);
    list.appendChild(li);
  };
  for (const seat of created.seats) if (seat.link) add(`Player ${seat.seat + 1}`, seat.link);
  add("Spectators", created.spectator);
}

// ---------- Start ----------

function start() {
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
  $("type-move").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-text").value.trim();
    if (text) { play(text); $("move-text").value = ""; }
  });
  connect();
}

start();
