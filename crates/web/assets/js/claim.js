// A game the other player left: when it may be claimed, counted down, and the buttons that
// claim the win or call it a draw (the server decides: `claim` in docs/api.md).
import { $ } from "./dom.js";
import { game, seatInfos } from "./state.js";

/** Shows the claim bar while the other player of a game of two is away and it may be claimed. */
export function drawClaim(s, w, watching) {
  const bar = $("claim");
  const mine = w.you.length === 1 ? w.you[0] : null;
  const other = mine === null || w.seats.length !== 2 ? null : 1 - mine;
  const shown = other !== null && !watching && !s.ending && s.presence ? s.presence[other] : null;
  const claimable = !!shown && !shown.connected && shown.claim_in_ms != null;
  bar.hidden = !claimable;
  if (!claimable) return;
  const info = seatInfos()[other];
  bar.dataset.claimInMs = String(shown.claim_in_ms);
  bar.dataset.name = info && info.player ? info.player.name : `Player ${other + 1}`;
  paintClaim();
}

/** The bar's words and buttons as the time to wait runs down. */
function paintClaim() {
  const bar = $("claim");
  if (!bar || bar.hidden) return;
  const heard = game.presenceAt || performance.now();
  const left = Number(bar.dataset.claimInMs) - (performance.now() - heard);
  const seconds = Math.ceil(Math.max(0, left) / 1000);
  const ready = seconds === 0;
  $("claim-text").textContent = ready
    ? `${bar.dataset.name} left the game: you may claim the win, or call it a draw.`
    : `${bar.dataset.name} left the game. If they do not come back, you may claim it in ${seconds} s.`;
  $("claim-win").disabled = !ready;
  $("claim-draw").disabled = !ready;
}

setInterval(paintClaim, 1000);
