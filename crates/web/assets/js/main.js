// tabuleiro's page: choose a game, then play it over a WebSocket. The server sends each
// position as a picture (cells, pieces in a shared vocabulary of shapes and inks, reserves,
// marks) and each legal move as a gesture (the cells, reserve pieces and choice it points at);
// this page draws any game from those and builds moves by pointing. Nothing here knows any
// particular game.
//
// Modules: connection (the WebSocket), gestures (matching what is pointed at), pointing
// (making a move), board (drawing and the keyboard grid), pieces (shapes and inks), panels
// (everything around the board), view (zoom and pan of open grids), analysis, setup (the
// start page), settings (theme and sound), player (who this browser is), profile (a player's
// page), lobby (challenges), clocks, state (the game shown), dom (helpers).
import { $ } from "./dom.js";
import { game, displayedAt } from "./state.js";
import { connect, play, send } from "./connection.js";
import { initBoard } from "./board.js";
import { initView } from "./view.js";
import { initPanels, lookAt } from "./panels.js";
import { setup } from "./setup.js";
import { initSettings, played } from "./settings.js";
import { initPlayer } from "./player.js";
import { profile } from "./profile.js";
import { showLobby } from "./lobby.js";
import { draw } from "./panels.js";

function start() {
  initSettings();
  initPlayer();
  $("rules-open").addEventListener("click", () => $("rules-dialog").showModal());
  $("rules-close").addEventListener("click", () => $("rules-dialog").close());
  const params = new URLSearchParams(location.search);
  const id = params.get("game");
  if (params.has("lobby")) {
    showLobby();
    return;
  }
  if (params.get("player")) {
    profile(params.get("player"));
    return;
  }
  if (!id) {
    setup();
    return;
  }
  game.id = id;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const key = `tabuleiro:token:${id}`;
  game.token = fragment.get("token") || sessionStorage.getItem(key) || null;
  if (game.token) sessionStorage.setItem(key, game.token);
  $("play").hidden = false;
  initBoard();
  initView();
  initPanels();
  $("show").addEventListener("click", () => {
    game.shownTo = game.state ? game.state.to_move : null;
    $("cover").hidden = true;
  });
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("hint").addEventListener("click", () => send({ type: "hint" }));
  $("resign").addEventListener("click", () => { if (confirm("Resign this game?")) send({ type: "resign" }); });
  $("offer-draw").addEventListener("click", () => send({ type: "offer_draw" }));
  $("takeback").addEventListener("click", () => send({ type: "takeback" }));
  $("offer-accept").addEventListener("click", () => send({ type: "answer", accept: true }));
  $("offer-decline").addEventListener("click", () => send({ type: "answer", accept: false }));
  $("abort").addEventListener("click", () => { if (confirm("Abort this game? It ends with no result.")) send({ type: "abort" }); });
  $("flip").addEventListener("click", () => {
    game.flipped = !game.flipped;
    sessionStorage.setItem(`tabuleiro:flip:${game.id}`, game.flipped ? "1" : "0");
    draw();
  });
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
  $("type-move").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-text").value.trim();
    if (text) {
      play(text);
      $("move-text").value = "";
    }
  });
  connect();
}

// The game shown, for the browser's console and the browser tests.
window.tabuleiro = { game, play, played };
start();
