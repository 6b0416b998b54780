// The WebSocket to the game: joining, reconnecting, and what the server sends. The only writer
// of the store `game` (state.js): each message is applied to it, then the page is drawn once,
// through render.js, which is told what came. Nothing here touches the page itself.
import { $ } from "./dom.js";
import { game, ui } from "./state.js";
import { render } from "./render.js";
import { ponged } from "./clocks.js";
import { fullMoves } from "./legal.js";

/** What the page says while its connection is lost (the server restarting says more). */
const OFFLINE = "Connection lost — reconnecting. Nothing you do is sent until it is back.";

/** Whether the page is joined to its game over an open connection. */
export const online = () => !!(game.socket && game.socket.readyState === WebSocket.OPEN && game.joined);

/**
 * Sends a message; while disconnected nothing is sent and the player is told so (a move is
 * never silently dropped: the board takes none until the connection is back).
 */
export function send(message) {
  if (!online()) {
    render({ type: "unsent" });
    return false;
  }
  game.socket.send(JSON.stringify(message));
  return true;
}

/** Sends a move in notation (the caller has checked that the page is `online`). */
export function sendMove(notation) {
  // On a clock, how long the player thought since the state that gave them the turn came:
  // the server forgives the rest (the way there and back) within a quota.
  const thought = game.state && game.state.clock ? Math.max(0, Math.round(performance.now() - game.stateAt)) : undefined;
  send({ type: "move", notation, thought });
}

/** Asks for the picture of the position after move `at` (shown once it comes). */
export function look(at) {
  game.looked = null;
  send({ type: "look", at });
}

// A link that opens no game (or no seat): the connection stops, and the page says why.
function badLink(why, spectate) {
  game.stopped = true;
  // A token that opens no seat is forgotten, so that the spectator's link does not reuse it.
  sessionStorage.removeItem(`tabuleiro:token:${game.id}`);
  if (game.socket) game.socket.close();
  render({ type: "bad-link", why, spectate });
}

/** Opens the connection to game `id` with the seat's `token` (null: watching). */
export function openGame(id, token) {
  game.id = id;
  game.token = token;
  connect();
}

/**
 * Joins game `id` served by `serve` on the page itself rather than over a WebSocket (a puzzle,
 * puzzle.js): each message the page sends goes to `serve`, which answers through `receive`.
 */
export function openLocal(id, serve) {
  game.id = id;
  game.token = null;
  game.stopped = true;
  game.socket = { readyState: WebSocket.OPEN, send: (text) => serve(JSON.parse(text)), close() {} };
  game.joined = true;
}

// Opens the connection (again after each loss, waiting a little longer each time).
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(game.id)}/ws`);
  game.socket = socket;
  socket.onopen = () => {
    game.retry = 0;
    socket.send(JSON.stringify({ type: "join", token: game.token }));
  };
  socket.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    receive(message);
  };
  socket.onclose = async () => {
    if (game.socket !== socket || game.stopped) return;
    game.joined = false;
    render({ type: "lost" });
    if (!game.welcome) {
      // Never joined: ask the server whether the game exists at all.
      try {
        const answer = await fetch(`/api/games/${encodeURIComponent(game.id)}/record`);
        if (answer.status === 404) {
          badLink(`There is no game “${game.id}” here: the link may be mistyped or cut short.`, false);
          return;
        }
      } catch { /* the server is down: keep trying */ }
    }
    game.retry = Math.min(game.retry + 1, 5);
    setTimeout(connect, 500 * game.retry);
  };
}

/** Applies a message of the server's to the store, then draws the page once. */
export function receive(message) {
  switch (message.type) {
    case "welcome":
      $("offline").textContent = OFFLINE;
      game.welcome = message;
      game.joined = true;
      render(message);
      break;
    case "state": {
      const previous = game.state;
      // The turn's start, as the player saw it (a state sent again for other news is not).
      if (!previous || message.version !== previous.version) game.stateAt = performance.now();
      message.legal = fullMoves(message.legal);
      // The numbers on cells travel flat, [x, y, value, …] (the server's protocol/picture_wire.rs).
      const flat = message.picture.values || [];
      message.picture.values = [];
      for (let k = 0; k + 2 < flat.length; k += 3) message.picture.values.push({ cell: { x: flat[k], y: flat[k + 1] }, value: flat[k + 2] });
      // The legend is said once, in the welcome.
      if (!message.picture.legend) message.picture.legend = (game.welcome && game.welcome.legend) || [];
      game.state = message;
      game.presenceAt = performance.now();
      if (message.version !== game.hintVersion) game.hint = null;
      if (game.analysis && game.analysis.ply !== message.moves.length) game.analysis = null;
      render({ ...message, previous });
      break;
    }
    case "presence":
      // Who is here changed: the strips say so.
      if (game.state) {
        game.state.presence = message.seats;
        game.presenceAt = performance.now();
        render(message);
      }
      break;
    case "pong":
      ponged();
      break;
    case "restarting":
      // The server is stopping: this page reconnects by itself when the connection closes.
      $("offline").textContent = "The server is restarting — reconnecting. Nothing you do is sent until it is back.";
      break;
    case "look":
      if (ui.viewAt === message.at) {
        game.looked = message.picture;
        render(message);
      }
      break;
    case "analysis":
      game.analysis = { ...message, ply: game.state ? game.state.moves.length : 0 };
      render(message);
      break;
    case "hint":
      game.hint = message.notation;
      game.hintVersion = game.state && game.state.version;
      render(message);
      break;
    case "error":
      if (!game.welcome && game.socket && !game.joined) {
        // The join was refused (a seat link whose token opens no seat, a full game).
        badLink(message.message, !!game.token);
        break;
      }
      render(message);
      break;
    default:
      break;
  }
}
