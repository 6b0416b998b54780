// The game this page shows, in two stores:
// - `game`: what the server said (and the connection's own bookkeeping), written by
//   connection.js alone, which then asks for one render (render.js);
// - `ui`: the player's own state, which no message brings: the gesture being pointed, the
//   keyboard's cell, the position looked back at, the board turned or not. Pointing, the board,
//   the panels and main.js write it, then ask for a render too.
// Every other module only reads them. This module imports none of the page's.

/** What the server last said, and the connection to it (written only by connection.js). */
export const game = {
  id: null, token: null, socket: null, joined: false, stopped: false, retry: 0,
  welcome: null, state: null,
  // When the state that gave the turn came (performance.now()), for the clock's thinking time.
  stateAt: 0,
  // The hint asked for and the version of the state it is for; the analysis asked for (and the
  // number of moves it was asked at); the picture of the position looked back at.
  hint: null, hintVersion: null, analysis: null, looked: null,
};

/** The player's own state (pointing, board, panels and main.js write it). */
export const ui = {
  // The gesture being made: cells, reserve pieces (each on a cell or still in hand) and choice.
  sel: { cells: [], pieces: [], choice: null },
  // The position looked back at (null: the game as it stands).
  viewAt: null,
  // Whether the board is drawn turned half a turn (null until the seats are known).
  flipped: null,
  // The seat a covered hotseat screen was last shown to.
  shownTo: null,
  // Whether Rematch was pressed here (the page then goes to the rematch at once).
  askedRematch: false,
  // The cell the keyboard points at on the board ("x,y").
  focus: null,
  // Whether the keys go back to the board when the move just sent is answered.
  refocus: false,
};

/** The position shown: the one looked back at, or the latest. */
export function displayedAt() {
  return ui.viewAt === null ? (game.state ? game.state.moves.length : 0) : ui.viewAt;
}

/** Whether an earlier position is shown rather than the game as it stands. */
export function lookingBack() {
  return ui.viewAt !== null && !!game.state && ui.viewAt !== game.state.moves.length;
}

/** The picture shown: the position looked back at once it has come, else the latest. */
export function shownPicture() {
  const s = game.state;
  if (!s) return null;
  return lookingBack() && game.looked ? game.looked : s.picture;
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
