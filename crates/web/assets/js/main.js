// tabuleiro's page: choose a game, then play it over a WebSocket. The server sends each
// position as a picture (cells, pieces in a shared vocabulary of shapes and inks, reserves,
// marks) and each legal move as a gesture (the cells, reserve pieces and choice it points at);
// this page draws any game from those and builds moves by pointing. Nothing here knows any
// particular game.
//
// Modules: state (the game shown: the server's store and the player's own), connection (the
// WebSocket, the store's one writer), render (one render for each change, which the drawing
// modules are registered into here), gestures (matching what is pointed at), pointing (making
// a move), board (drawing and the keyboard grid), choices (what a move needs besides cells,
// next to its cell), pieces (shapes and inks), panels (everything around the board), view (zoom
// and pan of open grids), analysis, setup (the start page), settings (theme and sound), player
// (who this browser is), profile (a player's page), lobby (challenges), clocks, dom (helpers).
// No module imports one that imports it back: modules that draw are called through render, and
// crates/web/tests/page_modules.rs checks the imports.
import { $ } from "./dom.js";
import { game, displayedAt, ui } from "./state.js";
import { openGame, send } from "./connection.js";
import { onRender, render } from "./render.js";
import { forgetStale, play } from "./pointing.js";
import { initBoard, refocusBoard } from "./board.js";
import { initChoices } from "./choices.js";
import { initView } from "./view.js";
import { drawPage, initPanels, lookAt } from "./panels.js";
import { showClocks } from "./clocks.js";
import { setup, showSavedLinks } from "./setup.js";
import { initSettings, played } from "./settings.js";
import { initPlayer } from "./player.js";
import { profile } from "./profile.js";
import { showLobby } from "./lobby.js";
import { homePuzzles, playPuzzles, showPuzzles } from "./puzzle.js";

// Each render, in order: a gesture made on an older position is forgotten, the page is drawn,
// a new state's clocks are taken, and the keys go back to the board once a move is answered.
onRender(forgetStale);
onRender(drawPage);
onRender((news) => { if (news && news.type === "state") showClocks(); });
onRender(refocusBoard);

// The board and everything around it, for a game or a puzzle.
function initGameBoard() {
  initBoard();
  initChoices();
  initView();
  initPanels();
  $("flip").addEventListener("click", () => {
    ui.flipped = !ui.flipped;
    sessionStorage.setItem(`tabuleiro:flip:${game.id}`, ui.flipped ? "1" : "0");
    render();
  });
  $("type-move").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-text").value.trim();
    if (text) {
      play(text);
      $("move-text").value = "";
    }
  });
}

function start() {
  initSettings();
  initPlayer();
  $("rules-open").addEventListener("click", () => $("rules-dialog").showModal());
  $("rules-close").addEventListener("click", () => $("rules-dialog").close());
  // Back and Forward between addresses this page made itself (the links of a new game) show
  // what each address shows.
  window.addEventListener("popstate", () => location.reload());
  const params = new URLSearchParams(location.search);
  const id = params.get("game");
  if (params.has("lobby")) {
    showLobby();
    return;
  }
  if (params.get("links")) {
    showSavedLinks(params.get("links"));
    return;
  }
  if (params.get("player")) {
    profile(params.get("player"));
    return;
  }
  if (params.get("puzzle") || (params.has("puzzles") && params.get("game"))) {
    initGameBoard();
    playPuzzles({
      id: params.get("puzzle"),
      gameId: params.get("game"),
      theme: params.get("theme") || "",
      streak: params.has("streak"),
    });
    return;
  }
  if (params.has("puzzles")) {
    showPuzzles();
    return;
  }
  if (!id) {
    setup();
    homePuzzles();
    return;
  }
  const fragment = new URLSearchParams(location.hash.slice(1));
  const key = `tabuleiro:token:${id}`;
  const token = fragment.get("token") || sessionStorage.getItem(key) || null;
  if (token) sessionStorage.setItem(key, token);
  $("play").hidden = false;
  initGameBoard();
  $("show").addEventListener("click", () => {
    ui.shownTo = game.state ? game.state.to_move : null;
    $("cover").hidden = true;
  });
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("hint").addEventListener("click", () => send({ type: "hint" }));
  $("resign").addEventListener("click", () => { if (confirm("Resign this game?")) send({ type: "resign" }); });
  $("offer-draw").addEventListener("click", () => send({ type: "offer_draw" }));
  $("takeback").addEventListener("click", () => send({ type: "takeback" }));
  $("offer-accept").addEventListener("click", () => {
    const offer = game.state && game.state.offer;
    const sent = send({ type: "answer", accept: true });
    // An accepted rematch opens here as soon as it exists.
    if (offer && offer.kind === "rematch") ui.askedRematch = sent;
  });
  $("offer-decline").addEventListener("click", () => send({ type: "answer", accept: false }));
  $("claim-win").addEventListener("click", () => {
    if (confirm("Claim the win? Your opponent left the game.")) send({ type: "claim", draw: false });
  });
  $("claim-draw").addEventListener("click", () => send({ type: "claim", draw: true }));
  $("abort").addEventListener("click", () => { if (confirm("Abort this game? It ends with no result.")) send({ type: "abort" }); });
  $("rematch").addEventListener("click", () => { ui.askedRematch = send({ type: "rematch" }); });
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
  openGame(id, token);
}

// The game shown (the server's store and the player's own), for the browser's console and the
// browser tests.
window.tabuleiro = { game, ui, play, played };
start();
