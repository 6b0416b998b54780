// The game this page shows: what the server last said, and what the player is pointing at.
import { emptySelection } from "./gestures.js";

/** The one game of the page. */
export const game = {
  id: null, token: null, socket: null, joined: false, stopped: false, retry: 0,
  welcome: null, state: null,
  sel: emptySelection(), hint: null, hintVersion: null, stateAt: 0,
  viewAt: null, looked: null, analysis: null,
  shownTo: null, askedRematch: false,
  // Whether the board is drawn turned half a turn (null until the seats are known).
  flipped: null,
  // The cell the keyboard points at on the board ("x,y"), and the moves already announced.
  focus: null, announced: null,
  // Whether the keys go back to the board when the move just sent is played.
  refocus: false,
};

/** The position shown: the one looked back at, or the latest. */
export function displayedAt() {
  return game.viewAt === null ? (game.state ? game.state.moves.length : 0) : game.viewAt;
}

/** Whether an earlier position is shown rather than the game as it stands. */
export function lookingBack() {
  return game.viewAt !== null && !!game.state && game.viewAt !== game.state.moves.length;
}

/** The seats as last said: who sits where, with ratings. */
export function seatInfos() {
  if (game.state && game.state.seats) return game.state.seats;
  return game.welcome ? game.welcome.seats : [];
}

/** "Ana#1f0c 1500?": a player's name with its tag and rating (? while provisional); "(bot)"
 * after a player a program plays for. */
export function playerName(player) {
  const rating = player.rating ? ` ${player.rating.value}${player.rating.provisional ? "?" : ""}` : "";
  return `${player.name}#${player.tag}${player.bot ? " (bot)" : ""}${rating}`;
}

/** "Player 2 (computer, hard) (you)", "Player 1 (Ana#1f0c 1500?)". */
export function seatName(seat) {
  const w = game.welcome;
  const info = seatInfos()[seat];
  const who = info && info.computer ? ` (computer, ${info.name})` : info && info.player ? ` (${playerName(info.player)})` : "";
  const you = w && w.you.length === 1 && w.you[0] === seat ? " (you)" : "";
  return `Player ${seat + 1}${who}${you}`;
}
