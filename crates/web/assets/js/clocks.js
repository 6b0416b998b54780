// The clocks of a game between people: each seat's time left as the server last said it,
// ticking down for the seat whose time runs, corrected for the connection's latency (half the
// time a ping takes to come back), with a warning in the last 10 seconds. The server keeps
// the time: these only show it.
import { $ } from "./dom.js";
import { game, seatName } from "./state.js";

let receivedAt = 0;
let latency = 0;
let ticking = null;
let pingSent = null;
let pinging = null;
let warned = null;

/** "2:05.3", "0:09.7", "1 d 03:12" for correspondence. */
export function clockText(ms) {
  const left = Math.max(0, ms);
  const days = Math.floor(left / 86_400_000);
  const h = Math.floor(left / 3_600_000) % 24;
  const m = Math.floor(left / 60_000) % 60;
  const s = Math.floor(left / 1000) % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (days > 0) return `${days} d ${two(h)}:${two(m)}`;
  if (h > 0) return `${h}:${two(m)}:${two(s)}`;
  if (left < 20_000) return `${m}:${two(s)}.${Math.floor((left % 1000) / 100)}`;
  return `${m}:${two(s)}`;
}

/** Each seat's time left now, as this page estimates it. */
export function clocksNow() {
  const c = game.state && game.state.clock;
  if (!c) return null;
  const passed = c.running === null ? 0 : performance.now() - receivedAt + latency / 2;
  return c.remaining.map((ms, seat) => (seat === c.running ? ms - passed : ms));
}

// Each seat's clock is in its strip beside the board (panels.js makes them, these tick them).
function paint() {
  const c = game.state && game.state.clock;
  const lines = [...document.querySelectorAll("#table-board .player .clock")];
  for (const line of lines) line.hidden = !c;
  if (!c) return;
  const now = clocksNow();
  for (const line of lines) {
    const seat = Number(line.dataset.seat);
    const ms = now[seat];
    if (ms === undefined) continue;
    const running = c.running === seat;
    const low = running && ms < 10_000;
    line.classList.toggle("running", running);
    line.classList.toggle("low", low);
    line.closest(".player").classList.toggle("running", running);
    // Not by colour alone: the running clock is marked ▶ and a low one ⚠.
    line.querySelector(".mark").textContent = running ? "▶" : "";
    line.querySelector(".time").textContent = `${low ? "⚠ " : ""}${clockText(ms)}`;
    if (low && warned !== `${game.state.version}:${seat}`) {
      warned = `${game.state.version}:${seat}`;
      const mine = game.welcome && game.welcome.you.includes(seat);
      $("announce").textContent = mine ? "Less than 10 seconds left on your clock." : `${seatName(seat)} has less than 10 seconds left.`;
    }
  }
}

/** Shows the clocks again as they stand (their strips just drawn). */
export const paintClocks = () => paint();

/** Takes the clocks of a new state and keeps them ticking while a clock runs. */
export function showClocks() {
  receivedAt = performance.now();
  const c = game.state && game.state.clock;
  paint();
  if (c && c.running !== null && !ticking) ticking = setInterval(paint, 100);
  if ((!c || c.running === null) && ticking) {
    clearInterval(ticking);
    ticking = null;
  }
  if (c && !pinging && game.socket) {
    const ping = () => {
      if (game.socket && game.socket.readyState === WebSocket.OPEN) {
        pingSent = performance.now();
        game.socket.send(JSON.stringify({ type: "ping" }));
      }
    };
    ping();
    pinging = setInterval(ping, 10_000);
  }
}

/** A pong: the latency is half of what it took, smoothed. */
export function ponged() {
  if (pingSent === null) return;
  const rtt = performance.now() - pingSent;
  pingSent = null;
  latency = latency === 0 ? rtt : 0.7 * latency + 0.3 * rtt;
}
