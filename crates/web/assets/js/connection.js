// The WebSocket to the game: joining, reconnecting, and what the server sends.
import { $ } from "./dom.js";
import { emptySelection } from "./gestures.js";
import { game } from "./state.js";
import { announceChanges, draw, fillRules } from "./panels.js";
import { focusBoard } from "./board.js";
import { ponged, showClocks } from "./clocks.js";

/** Whether the page is joined to its game over an open connection. */
export const online = () => !!(game.socket && game.socket.readyState === WebSocket.OPEN && game.joined);

/**
 * Sends a message; while disconnected nothing is sent and the player is told so (a move is
 * never silently dropped: the board takes none until the connection is back).
 */
export function send(message) {
  if (!online()) {
    $("message").textContent = "Not connected: nothing was sent. Reconnecting…";
    return false;
  }
  game.socket.send(JSON.stringify(message));
  return true;
}

/** Sends a move in notation, unless disconnected (then it stays on the board, unsent). */
export function play(notation) {
  if (!online()) {
    $("message").textContent = "Not connected: your move was not sent. Reconnecting…";
    return;
  }
  game.sel = emptySelection();
  // A move made on the board, the pieces or the choices: the keys go back to the board once it
  // is played (a move typed keeps the focus in its box).
  const at = document.activeElement;
  game.refocus = !at || at === document.body || ["table-board", "reserves", "choices"].some((id) => $(id).contains(at));
  // On a clock, how long the player thought since the state that gave them the turn came:
  // the server forgives the rest (the way there and back) within a quota.
  const thought = game.state && game.state.clock ? Math.max(0, Math.round(performance.now() - game.stateAt)) : undefined;
  send({ type: "move", notation, thought });
}

// Shows or hides that the connection is lost, where the player looks: over the board, which
// takes no move meanwhile.
function showOffline(lost) {
  document.body.classList.toggle("offline", lost);
  // Said even before the first state has been drawn.
  if (lost) $("play").classList.add("drawn");
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

/** Opens the connection (again after each loss, waiting a little longer each time). */
export function connect() {
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
      } catch { /* the server is down: keep trying */ }
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
      $("title").textContent = `— ${message.name} (${message.mode === "casual" ? "online, casual with hints" : message.mode})`;
      $("game-heading").textContent = message.name;
      if (game.flipped === null) {
        // The second of two seats sees its own side at the bottom, unless the player chose.
        const kept = sessionStorage.getItem(`tabuleiro:flip:${game.id}`);
        game.flipped = kept !== null ? kept === "1" : message.you.length === 1 && message.you[0] === 1 && message.seats.length === 2;
      }
      fillRules(message.name, message.rules);
      break;
    case "state":
      if (!game.state || message.version !== game.state.version) {
        game.sel = emptySelection();
        // The turn's start, as the player saw it (a state sent again for other news is not).
        game.stateAt = performance.now();
      }
      announceChanges(game.state, message);
      game.state = message;
      if (message.version !== game.hintVersion) {
        game.hint = null;
        $("hint-text").textContent = "";
      }
      if (game.analysis && game.analysis.ply !== message.moves.length) game.analysis = null;
      $("message").textContent = "";
      draw();
      showClocks();
      if (game.refocus) {
        game.refocus = false;
        focusBoard();
      }
      break;
    case "pong":
      ponged();
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
      if (game.refocus) {
        game.refocus = false;
        focusBoard();
      }
      break;
    default:
      break;
  }
}
