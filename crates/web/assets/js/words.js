// The words a player reads for the server's names of things: one name for each mode of play,
// the same on every page (the lobby's "casual" is the game by link's "casual" too).

const MODES = {
  computer: "against the computer",
  hotseat: "one screen",
  online: "casual",
  casual: "casual with hints",
  rated: "rated",
  puzzle: "puzzle",
};

/** How a mode of play ("online", as the server stores it) is called: "casual". */
export function modeName(mode) {
  return MODES[mode] || mode;
}
