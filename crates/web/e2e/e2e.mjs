// Browser end-to-end tests of `tabuleiro serve` in Debian's chromium, driven by playwright-core.
// Usage: node e2e.mjs [path/to/tabuleiro]  (default: target/debug/tabuleiro from the repository)
// Environment: CHROMIUM (default /usr/bin/chromium), SCREENSHOTS=DIR to save a picture of each step,
// ONLY=words to run only the tests whose names hold them.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { createServer as createHttpServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { puzzleTests } from "./puzzles.e2e.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const binary = resolve(process.argv[2] ?? join(here, "../../../target/debug/tabuleiro"));
const shots = process.env.SCREENSHOTS;
const timeout = 30_000;

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function startServer(data, port) {
  port = port ?? await freePort();
  // Every page of these tests comes from this machine, one network: rated challenges are
  // accepted from it (`--rated-within-network`; refused by default, tested in the server's
  // own tests).
  const child = spawn(binary, ["serve", "--addr", `127.0.0.1:${port}`, "--data", data, "--rated-within-network", "--metrics-addr", "off"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error("the server did not start")), timeout);
    child.stdout.on("data", (chunk) => {
      if (String(chunk).includes("serving")) { clearTimeout(timer); ok(); }
    });
    child.on("exit", (code) => fail(new Error(`the server exited with ${code}`)));
  });
  return { child, port, base: `http://127.0.0.1:${port}` };
}

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

let step = 0;
async function shot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `${String(++step).padStart(2, "0")}-${name}.png`), fullPage: true });
}

const moveCount = (page) => page.locator("#moves .move").count();

async function waitMoves(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll("#moves .move").length >= n, n, { timeout });
}

// The page's own state (what the server sent), read to choose a move; moves are then made by
// clicking only.
const pageState = (page) => page.evaluate(() => ({
  legal: window.tabuleiro?.game.state ? tabuleiro.game.state.legal : [],
  moves: window.tabuleiro?.game.state ? tabuleiro.game.state.moves.length : 0,
  over: !!(window.tabuleiro?.game.state && tabuleiro.game.state.ending),
  thinking: !!(window.tabuleiro?.game.state && tabuleiro.game.state.thinking),
}));

// Waits until this page may move or the game is over.
async function waitMyTurn(page) {
  await page.waitForFunction(() => window.tabuleiro?.game.state && !tabuleiro.game.state.thinking
    && (tabuleiro.game.state.legal.length > 0 || tabuleiro.game.state.ending), null, { timeout });
}

// Makes `move` (a legal move and its gesture) by pointing: its cells in order, each hand piece
// picked then put on its cell, then the choice, then "Play …" if the move is a part of longer
// ones. Returns when the move has been sent and shown.
async function point(page, move) {
  const before = (await pageState(page)).moves;
  const played = async () => (await pageState(page)).moves > before;
  const g = move.gesture;
  for (const c of g.cells) {
    await page.click(`#board rect[data-cell="${c.x},${c.y}"]`);
    if (await played()) return;
  }
  for (const p of g.pieces) {
    await page.locator(`#reserves .reserve-piece[data-token="${p.token}"]:not(.picked):not([disabled])`).first().click();
    if (p.cell) await page.click(`#board rect[data-cell="${p.cell.x},${p.cell.y}"]`);
    await page.waitForTimeout(30);
    if (await played()) return;
  }
  if (g.choice) {
    const button = page.locator(`#choices button.choice[data-notation="${move.notation}"]`);
    if (g.pieces.length && g.pieces.every((p) => !p.cell)) {
      // Pieces picked and not put down: a trade, said so on its button.
      const said = await button.textContent();
      check(said.trim().startsWith("Trade "), `a trade's button says so: ${said}`);
    }
    await button.click();
  } else {
    // A whole move goes to the server by itself; a move that is also the start of longer ones
    // waits for "Play …". Which of the two happened shows only when the page has caught up,
    // however busy the machine: wait for either, then confirm if asked.
    const confirm = `#choices button.confirm[data-notation="${move.notation}"]`;
    await page.waitForFunction(([n, sel]) => (window.tabuleiro?.game.state && tabuleiro.game.state.moves.length > n)
      || document.querySelector(sel) !== null, [before, confirm], { timeout });
    if (!(await played())) await page.locator(confirm).click();
  }
  await page.waitForFunction((n) => document.querySelectorAll("#moves .move").length > n, before, { timeout });
}

// Plays one legal move chosen by `choose` (default: a random one) by pointing.
async function clickLegalMove(page, choose) {
  await waitMyTurn(page);
  const { legal } = await pageState(page);
  if (legal.length === 0) return null;
  const move = choose ? choose(legal) : legal[Math.floor(Math.random() * legal.length)];
  await point(page, move);
  return move;
}

// Opens the home's "More options", where the whole new-game form is.
async function openMoreOptions(page) {
  await page.locator("#more-options > summary").waitFor({ timeout });
  if (!(await page.locator("#more-options").evaluate((d) => d.open))) await page.click("#more-options > summary");
}

async function newGameFromMenu(page, base, game, mode, options = {}) {
  await page.goto(`${base}/`);
  await openMoreOptions(page);
  await page.selectOption("#game", game);
  for (const [name, value] of Object.entries(options)) {
    const input = page.locator(`[data-option="${name}"]`);
    if (await input.evaluate((e) => e.tagName === "SELECT")) await input.selectOption(value);
    else await input.fill(value);
  }
  await page.check(`input[name=mode][value=${mode}]`);
  if (mode === "computer") await page.selectOption("#level", "random");
  await page.click("#create");
}


// ---------- Accessibility: axe-core's rules ----------

const axeSource = readFileSync(join(here, "node_modules/axe-core/axe.min.js"), "utf8");
// Each page checked, with the violations axe-core found there by impact.
const axeReport = [];

// Checks the page as it stands with axe-core: no `serious` or `critical` violation.
async function accessible(page, where) {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) })));
  axeReport.push({ where, violations });
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  check(bad.length === 0, `axe-core on ${where}: ${JSON.stringify(bad)}`);
}

// ---------- The keyboard alone ----------

// Presses Tab (Shift+Tab with `back`) until the focused element matches `selector`.
async function tabTo(page, selector, back = false) {
  for (let i = 0; i < 200; i++) {
    if (await page.evaluate((sel) => !!document.activeElement && document.activeElement.matches(sel), selector)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

// Points at `cell` with the keyboard: into the board by Tab, arrow keys to the cell, Enter.
async function keyToCell(page, cell) {
  const onBoard = "#board [role=gridcell]";
  if (!(await page.evaluate((sel) => document.activeElement?.matches(sel), onBoard))) await tabTo(page, onBoard, true);
  const [x, y] = (await page.evaluate(() => document.activeElement.dataset.cell)).split(",").map(Number);
  // The keys move as the board is seen: turned half a turn for the second seat.
  const sign = (await page.evaluate(() => !!window.tabuleiro?.ui.flipped)) ? -1 : 1;
  for (let dx = cell.x - x; dx !== 0; dx -= Math.sign(dx)) await page.keyboard.press(sign * dx > 0 ? "ArrowRight" : "ArrowLeft");
  for (let dy = cell.y - y; dy !== 0; dy -= Math.sign(dy)) await page.keyboard.press(sign * dy > 0 ? "ArrowDown" : "ArrowUp");
  const at = await page.evaluate(() => document.activeElement.dataset.cell);
  check(at === `${cell.x},${cell.y}`, `the arrow keys reached ${cell.x},${cell.y}, not ${at}`);
  await page.keyboard.press("Enter");
}

// Makes `move` with the keyboard alone, as `point` does with the mouse.
async function keyMove(page, move) {
  const before = (await pageState(page)).moves;
  const played = async () => (await pageState(page)).moves > before;
  const g = move.gesture;
  for (const c of g.cells) {
    await keyToCell(page, c);
    if (await played()) return;
  }
  for (const p of g.pieces) {
    await tabTo(page, `#reserves .reserve-piece[data-token="${p.token}"]:not(.picked):not([disabled])`);
    await page.keyboard.press("Enter");
    if (p.cell) await keyToCell(page, p.cell);
    await page.waitForTimeout(30);
    if (await played()) return;
  }
  if (g.choice) {
    await tabTo(page, `#choices button.choice[data-notation="${move.notation}"]`);
    await page.keyboard.press("Enter");
  } else {
    const confirm = `#choices button.confirm[data-notation="${move.notation}"]`;
    await page.waitForFunction(([n, sel]) => (window.tabuleiro?.game.state && tabuleiro.game.state.moves.length > n)
      || document.querySelector(sel) !== null, [before, confirm], { timeout });
    if (!(await played())) {
      await tabTo(page, confirm);
      await page.keyboard.press("Enter");
    }
  }
  await page.waitForFunction((n) => document.querySelectorAll("#moves .move").length > n, before, { timeout });
}

const docs = process.argv.includes("--docs");
async function picture(page, name) {
  const folder = docs ? join(here, "../../../docs/screenshots") : shots;
  if (!folder) return;
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: name.endsWith("-phone") });
}

const tests = {
  async "Quantik against the computer: a click, the computer's reply, to the end"(browser, base) {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await newGameFromMenu(page, base, "quantik", "computer");
    await page.waitForURL(/game=/, { timeout });
    await page.locator("rect.legal").first().waitFor({ timeout });
    check(await page.locator("rect.legal").count() === 16, "16 highlighted cells at the start");
    // Marked by a shape too, whose contrast with the cell is at least 3:1 (WCAG 2.2, 1.4.11).
    check(await page.locator("circle.legal-mark").count() === 16, "16 marks on the highlighted cells");
    const contrast = await page.evaluate(() => {
      const luminance = (colour) => {
        const [r, g, b] = colour.match(/\d+/g).slice(0, 3).map((v) => {
          const c = Number(v) / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const mark = luminance(getComputedStyle(document.querySelector("circle.legal-mark")).fill);
      const cell = luminance(getComputedStyle(document.querySelector("rect.legal")).fill);
      return (Math.max(mark, cell) + 0.05) / (Math.min(mark, cell) + 0.05);
    });
    check(contrast >= 3, `a legal cell's mark has contrast ${contrast.toFixed(2)}:1 with the cell`);
    await shot(page, "quantik-start");
    await page.click('rect[data-cell="0,0"]');
    const choices = await page.locator("#choices button.choice").allTextContents();
    check(choices.length === 4 && choices.some((c) => c.includes("cube")), `four shapes offered at a1: ${choices}`);
    await page.click('#choices button.choice[data-notation="Ca1"]');
    await waitMoves(page, 2);
    check((await page.locator("#moves .move").first().textContent()) === "Ca1", "the move list starts with Ca1");
    // A piece of the reserve, then a cell: the other way of pointing.
    await waitMyTurn(page);
    await page.click('#reserves .reserve-piece[data-token="S"]:not([disabled])');
    const picked = await page.locator("#reserves .reserve-piece.picked").count();
    check(picked === 1, `the one sphere picked is marked, not ${picked} pieces`);
    const named = await page.locator('#reserves .reserve-piece[data-token="S"]').first().getAttribute("aria-label");
    check(/, \d+ left(, picked)?$/.test(named), `a reserve piece is named with its count: ${named}`);
    await page.locator("#board rect.legal").first().click();
    await waitMoves(page, 3);
    check((await page.locator("#moves .move").nth(2).textContent()).startsWith("S"), "a sphere placed from the reserve");
    await shot(page, "quantik-reply");
    while (!(await pageState(page)).over) {
      if (await clickLegalMove(page) === null) break;
      await page.waitForFunction(() => window.tabuleiro?.game.state && (tabuleiro.game.state.ending || !tabuleiro.game.state.thinking), null, { timeout });
    }
    await page.locator("#banner").waitFor({ timeout });
    const banner = await page.locator("#banner").textContent();
    check(/You (won|lost)/.test(banner), `game-over banner speaks to the player: ${banner}`);
    check(await page.locator("#download").isVisible(), "the record can be downloaded");
    await shot(page, "quantik-over");
    await page.close();
  },

  async "Reload mid-game and go on"(browser, base) {
    const page = await browser.newPage();
    await newGameFromMenu(page, base, "quantik", "computer");
    await page.waitForURL(/game=/, { timeout });
    await clickLegalMove(page);
    await waitMoves(page, 2);
    const moves = await page.locator("#moves .move").allTextContents();
    await page.reload();
    await waitMoves(page, 2);
    const again = await page.locator("#moves .move").allTextContents();
    check(JSON.stringify(again) === JSON.stringify(moves), `same moves after reload: ${again} vs ${moves}`);
    await clickLegalMove(page);
    await waitMoves(page, 4);
    await page.close();
  },

  async "Online game between two browsers, with a spectator"(browser, base) {
    const creator = await browser.newPage();
    await newGameFromMenu(creator, base, "taiji", "online");
    await creator.locator("#link-list a.seat-link").first().waitFor({ timeout });
    const links = await creator.locator("#link-list a.seat-link").evaluateAll((as) => as.map((a) => a.href));
    check(links.length === 3, `two seat links and a spectator link: ${links}`);
    check(links[0] !== links[1] && links[0].includes("#token="), "each seat has its own token");
    check(!links[2].includes("token"), "the spectator link has no token");
    check(await creator.locator("#link-list button.copy").count() === 3, "a copy button by each link");
    // The links have an address of their own, with no token in it: reload, Back and Forward keep them.
    const linksAddress = creator.url();
    check(/\?links=/.test(linksAddress) && !linksAddress.includes("token"), `the links' address: ${linksAddress}`);
    check((await creator.locator("#link-list li").first().textContent()).includes("Player 1 (yours: keep it)"), "the creator's link is said to be theirs");
    await creator.reload();
    await creator.locator("#link-list a.seat-link").first().waitFor({ timeout });
    const reloaded = await creator.locator("#link-list a.seat-link").evaluateAll((as) => as.map((a) => a.href));
    check(JSON.stringify(reloaded) === JSON.stringify(links), "the same links after a reload");
    await creator.goBack();
    await creator.locator("#links").waitFor({ state: "hidden", timeout });
    await creator.goForward();
    await creator.locator("#link-list a.seat-link").first().waitFor({ timeout });
    check(await creator.locator("#link-list a.seat-link").count() === 3, "Forward shows the links again");
    const [one, two, watch] = await Promise.all([0, 1, 2].map(async (i) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(links[i]);
      await page.locator("#status").filter({ hasText: /move|turn/i }).waitFor({ timeout });
      return page;
    }));
    check(await two.locator("rect.legal").count() === 0, "not player 2's turn");
    check(await watch.locator("rect.legal").count() === 0, "spectators have no moves");
    // Taiji: the cell of the light half, then its neighbour for the dark half.
    await one.click('rect[data-cell="3,3"]');
    await one.locator("rect.legal").first().waitFor({ timeout });
    check(await one.locator("rect.legal").count() === 4, "four neighbours for the dark half");
    await one.click('rect[data-cell="3,4"]');
    for (const page of [one, two, watch]) await waitMoves(page, 1);
    check((await two.locator("#moves .move").first().textContent()) === "d4-d5", "player 2 sees the move");
    await two.locator("rect.legal").first().waitFor({ timeout });
    await shot(two, "online-player-2");
    await two.click('rect[data-cell="0,0"]');
    await two.click('rect[data-cell="0,1"]');
    for (const page of [one, two, watch]) await waitMoves(page, 2);
    check((await one.locator("#moves .move").nth(1).textContent()) === "a1-a2", "player 1 sees the reply");
    await one.locator("rect.legal").first().waitFor({ timeout });
    await shot(watch, "online-spectator");
    // Who is here: player 2 closes their page, and player 1 and the spectator see them away.
    const strip = (page) => page.locator('.player[data-seat="1"] .presence');
    await strip(one).filter({ hasText: "● here" }).waitFor({ timeout });
    await two.context().close();
    for (const page of [one, watch]) await strip(page).filter({ hasText: /○ away 0:0\d/ }).waitFor({ timeout });
  },
};

// How the whole game of each game is played by pointing, with the options that keep it short.
const WHOLE_GAMES = [
  { game: "quantik", options: {} },
  { game: "nudge", options: { max_turns: "12" } },
  { game: "taiji", options: { size: "7" } },
  { game: "pushee", options: { size: "5x5" } },
  { game: "qinto", options: { max_turns: "60" } },
];

// Q!nto: a swap when one is legal, one trade, then plays of as many tiles as possible
// (wilds first, so that swaps become possible).
function qintoChoice(done) {
  return (legal) => {
    const swap = legal.find((m) => m.notation.startsWith("swap"));
    if (swap && !done.swap) return swap;
    const trade = legal.find((m) => m.notation.startsWith("pass ") && m.gesture.pieces.length >= 2);
    if (trade && !done.trade) return trade;
    const plays = legal.filter((m) => !m.notation.startsWith("pass") && !m.notation.startsWith("swap"));
    if (plays.length === 0) return legal[0];
    const wild = (m) => (m.gesture.pieces.some((p) => p.token.includes("*")) ? 1 : 0);
    plays.sort((a, b) => (b.gesture.pieces.length - a.gesture.pieces.length) || (wild(b) - wild(a)));
    return plays[0];
  };
}

tests["A whole game of each game by clicking only: marks at the end, rules, history"] = async (browser, base) => {
  for (const { game, options } of WHOLE_GAMES) {
    const done = { swap: false, trade: false, multi: false };
    for (let attempt = 0; attempt < 6; attempt++) {
      const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
      await newGameFromMenu(page, base, game, "computer", options);
      await page.waitForURL(/game=/, { timeout });
      await page.locator("#status").filter({ hasText: /move|turn|over/i }).waitFor({ timeout });
      if (attempt === 0) {
        await page.click("#rules-open");
        check(await page.locator("#rules-dialog").isVisible(), `${game}: the rules open`);
        check((await page.locator("#rules-text").textContent()).length > 200, `${game}: the rules are there`);
        await page.click("#rules-close");
      }
      let mine = 0;
      while (!(await pageState(page)).over) {
        const move = await clickLegalMove(page, game === "qinto" ? qintoChoice(done) : undefined);
        if (move === null) break;
        mine++;
        if (move.notation.startsWith("swap")) done.swap = true;
        else if (move.notation.startsWith("pass ")) done.trade = true;
        else if (move.gesture.pieces.length >= 2) done.multi = true;
        if (mine === 6 && attempt === 0) await picture(page, `${game}-mid-game`);
        await page.waitForFunction(() => window.tabuleiro?.game.state && (tabuleiro.game.state.ending || !tabuleiro.game.state.thinking), null, { timeout });
      }
      await page.locator("#banner").waitFor({ timeout });
      const banner = await page.locator("#banner").textContent();
      check(/You (won|lost)|Draw/.test(banner), `${game}: the banner says how it went for you: ${banner}`);
      const deciding = await page.locator("#board rect.deciding").count();
      const decided = {
        quantik: /four different/.test(banner), nudge: /off the board/.test(banner),
        taiji: true, pushee: true, qinto: /no tile left/.test(banner),
      }[game];
      if (decided) check(deciding > 0, `${game}: the cells that decided the game are marked (${banner})`);
      // Stepping back shows an earlier position without changing the game, and returns.
      const pieces = await page.locator("#board g.piece").count();
      const total = (await pageState(page)).moves;
      await page.click("#back");
      await page.waitForFunction(() => window.tabuleiro?.game.looked !== null, null, { timeout });
      await page.click("#back");
      await page.waitForFunction((n) => tabuleiro.ui.viewAt === n && tabuleiro.game.looked !== null, total - 2, { timeout });
      const earlier = await page.locator("#board g.piece").count();
      check(await page.locator("#now").isVisible(), `${game}: looking back says so`);
      check(earlier !== pieces || game === "nudge", `${game}: an earlier position is shown (${earlier} vs ${pieces} pieces)`);
      await page.click("#now");
      check(await page.locator("#board g.piece").count() === pieces, `${game}: back to the end`);
      check((await pageState(page)).moves === total, `${game}: looking back changed nothing`);
      if (attempt === 0) await picture(page, `${game}-end`);
      await page.close();
      if (game !== "qinto" || (done.swap && done.trade && done.multi)) break;
    }
    if (game === "qinto") {
      check(done.multi && done.trade && done.swap, `Q!nto: a play of several tiles, a trade and a swap by clicking: ${JSON.stringify(done)}`);
    }
    console.log(`     ${game}: a whole game played by clicking`);
  }
};

tests["Analysis of a finished game shows every move's value on the board"] = async (browser, base) => {
  const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
  await newGameFromMenu(page, base, "quantik", "computer");
  await page.waitForURL(/game=/, { timeout });
  while (!(await pageState(page)).over) {
    if (await clickLegalMove(page) === null) break;
    await page.waitForFunction(() => window.tabuleiro?.game.state && (tabuleiro.game.state.ending || !tabuleiro.game.state.thinking), null, { timeout });
  }
  await page.locator("#banner").waitFor({ timeout });
  // At the end there is nothing to choose: the analysis opens at the last move's choice.
  const moves = (await pageState(page)).moves;
  await page.click("#analyse");
  await page.locator("#analysis li").first().waitFor({ timeout });
  const at = await page.evaluate(() => tabuleiro.ui.viewAt);
  const said = await page.locator("#history-at").textContent();
  check(at === moves - 1 && said.includes("looking back"), `the analysis is of the last choice: ${at}, ${said}`);
  const values = await page.locator("#analysis li").allTextContents();
  check(values.every((v) => /: (wins in|loses in|draw)/.test(v)), `exact values: ${values}`);
  check(await page.locator("#board text.analysis").count() > 0, "values on the board's cells");
  await accessible(page, "the analysis board");
  await picture(page, "quantik-analysis");
  await page.close();
};

tests["The server killed and restarted mid-game: the page reconnects and the game goes on"] = async (browser, base) => {
  const page = await browser.newPage();
  await newGameFromMenu(page, base, "nudge", "computer");
  await page.waitForURL(/game=/, { timeout });
  await clickLegalMove(page);
  await waitMoves(page, 1);
  const moves = await page.locator("#moves .move").allTextContents();
  server.child.kill("SIGKILL");
  await page.locator("#status").filter({ hasText: "reconnecting" }).waitFor({ timeout });
  // Disconnected: said over the board, which takes no move; a move made anyway (as by a
  // click that raced the disconnection) is refused with words, never silently dropped.
  await page.locator("#offline").waitFor({ state: "visible", timeout });
  check(await page.evaluate(() => document.body.classList.contains("offline")), "the board is marked offline");
  await page.evaluate(() => tabuleiro.play(tabuleiro.game.state.legal[0].notation));
  const said = await page.locator("#message").textContent();
  check(said.includes("not sent"), `the player is told the move was not sent: ${said}`);
  await shot(page, "offline");
  server = await startServer(data, server.port);
  await page.locator("#status").filter({ hasText: /turn|move/ }).waitFor({ timeout });
  await page.locator("#offline").waitFor({ state: "hidden", timeout });
  const again = await page.locator("#moves .move").allTextContents();
  check(JSON.stringify(again) === JSON.stringify(moves), `same moves after the restart: ${again} vs ${moves}`);
  await clickLegalMove(page);
  await waitMoves(page, 4);
  await page.close();
};

tests["A link to no game, or with a token that opens no seat, says so and leads back"] = async (browser, base) => {
  const page = await browser.newPage();
  await page.goto(`${base}/?game=doesnotexist`);
  await page.locator("#bad-link").waitFor({ state: "visible", timeout });
  const why = await page.locator("#bad-link-why").textContent();
  check(why.includes("no game") && why.includes("doesnotexist"), `the page says what is wrong: ${why}`);
  check(await page.locator("#play").isHidden(), "no board, no buttons");
  check(await page.locator("#spectate").isHidden(), "nothing to watch");
  check(await page.locator("#rules-open").isHidden(), "no rules of no game");
  await shot(page, "no-such-game");
  await page.locator("#bad-link-home").click();
  await page.locator("#setup").waitFor({ state: "visible", timeout });
  const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", mode: "online" }) }).then((r) => r.json());
  await page.goto(`${base}/?game=${created.id}#token=not-a-token`);
  await page.locator("#bad-link").waitFor({ state: "visible", timeout });
  const seat = await page.locator("#bad-link-why").textContent();
  check(seat.includes("opens no seat"), `the page says the token opens no seat: ${seat}`);
  await page.locator("#spectate").click();
  await page.locator("#board").waitFor({ state: "visible", timeout });
  await page.close();
};

tests["A spectator is told they watch, a hint is no error, the tab says your turn, a rematch opens at once"] = async (browser, base) => {
  const page = await browser.newPage();
  await newGameFromMenu(page, base, "quantik", "computer");
  await page.waitForURL(/game=/, { timeout });
  await waitMyTurn(page);
  await page.waitForFunction(() => document.title.startsWith("● Your turn"), null, { timeout });
  await page.click("#hint");
  await page.locator("#hint-text").filter({ hasText: "Hint:" }).waitFor({ timeout });
  check((await page.locator("#message").textContent()) === "", "the hint is not in the error line");
  const colours = await page.evaluate(() => [getComputedStyle(document.getElementById("hint-text")).color, getComputedStyle(document.getElementById("message")).color]);
  check(colours[0] !== colours[1], `the hint is not coloured like an error: ${colours}`);
  const id = new URL(page.url()).searchParams.get("game");
  const watcher = await browser.newPage();
  await watcher.goto(`${base}/?game=${id}`);
  await watcher.locator("#status").filter({ hasText: "Watching" }).waitFor({ timeout });
  for (const button of ["#undo", "#hint", "#resign"]) {
    check(await watcher.locator(button).isHidden(), `no ${button} button for a spectator`);
  }
  await accessible(watcher, "a spectator's page");
  await shot(watcher, "spectator");
  await watcher.close();
  page.once("dialog", (dialog) => dialog.accept());
  await page.click("#resign");
  await page.locator("#rematch").waitFor({ state: "visible", timeout });
  // A finished game stays finished: no Undo, and one asked anyway is refused.
  check(await page.locator("#undo").isDisabled(), "no Undo once the game is over");
  await page.evaluate(() => tabuleiro.game.socket.send(JSON.stringify({ type: "undo" })));
  await page.locator("#message").filter({ hasText: /\S/ }).waitFor({ timeout });
  check(await page.locator("#banner").isVisible(), "the result stays on the board");
  check((await page.locator("#status").textContent()) === "Game over", "the game is still over");
  await page.click("#rematch");
  await page.waitForURL((url) => url.searchParams.get("game") !== id, { timeout });
  await page.locator("#status").filter({ hasText: /turn|thinking|move/ }).waitFor({ timeout });
  await page.close();
};


tests["Every game played to the end with the keyboard alone, each move announced"] = async (browser, base) => {
  for (const [id, options] of [["quantik", {}], ["nudge", { max_turns: "12" }], ["taiji", {}], ["pushee", {}], ["qinto", {}]]) {
    const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: id, mode: "computer", level: "random", options }) }).then((r) => r.json());
    check(created.id, `${id} created: ${JSON.stringify(created)}`);
    // A phone's screen, so that the pictures in docs/screenshots show what a phone shows.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await page.goto(new URL(created.seats.find((s) => s.link).link, base).href);
    await page.locator("#board [role=gridcell]").first().waitFor({ timeout });
    let moves = 0;
    let pictured = false;
    while (!(await pageState(page)).over) {
      await page.waitForFunction(() => window.tabuleiro?.game.state && (tabuleiro.game.state.ending
        || (!tabuleiro.game.state.thinking && tabuleiro.game.state.legal.length > 0)), null, { timeout });
      const { legal, over } = await pageState(page);
      if (over) break;
      // A cell's name says where it is and what is on it.
      const name = await page.locator("#board [role=gridcell]").first().getAttribute("aria-label");
      check(/^\S+, /.test(name), `${id}: a cell is named: ${name}`);
      await keyMove(page, legal[Math.floor(Math.random() * legal.length)]);
      moves += 1;
      if (moves === 3) {
        await accessible(page, `${id} mid-game`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        check(wide <= 390, `${id}: the page fits a 390 px screen, not ${wide} px`);
      }
      if (!pictured && id !== "qinto" && (await pageState(page)).moves >= 8) {
        pictured = true;
        await picture(page, `${id}-phone`);
      }
      check(moves < 200, `${id}: the game ends`);
    }
    await page.locator("#banner").waitFor({ timeout });
    await accessible(page, `${id} at the end`);
    const announced = await page.locator("#announce").textContent();
    check(announced.includes("played") || announced.length > 10, `${id}: the end is announced: ${announced}`);
    // History by the keyboard: arrow keys step back from the end.
    await tabTo(page, "#history");
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => tabuleiro.ui.viewAt !== null && tabuleiro.game.looked !== null, null, { timeout });
    await page.keyboard.press("End");
    await page.waitForFunction(() => tabuleiro.ui.viewAt === null, null, { timeout });
    await page.close();
  }
};

tests["Q!nto on a phone: tiles of at least 32 px after 20 moves, zoom and pan"] = async (browser, base) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await newGameFromMenu(page, base, "qinto", "computer", { first: "1" });
  await page.waitForURL(/game=/, { timeout });
  await page.locator("#notes").filter({ hasText: /\S/ }).waitFor({ timeout });
  const note = await page.locator("#notes").textContent();
  check(note.includes("must cover the centre cell 0,0"), `the empty grid says where the first play goes: ${note}`);
  await page.locator("#zoom").waitFor({ state: "visible", timeout });
  // A play draws hidden tiles: it can never be taken back, and Undo says so by being off.
  await clickLegalMove(page);
  await waitMyTurn(page);
  check(await page.locator("#undo").isDisabled(), "Undo is off where it would always be refused");
  while ((await pageState(page)).moves < 20 && !(await pageState(page)).over) {
    if (await clickLegalMove(page) === null) break;
    await page.waitForFunction(() => window.tabuleiro?.game.state && (tabuleiro.game.state.ending || !tabuleiro.game.state.thinking), null, { timeout });
  }
  await picture(page, "qinto-phone");
  // The hand is docked at the foot of the screen: in view at the top of the page and at its
  // end, and covering no part of the grid when the page is at its top.
  const hand = async () => page.evaluate(() => {
    const r = document.querySelector("#reserves .reserve.yours").getBoundingClientRect();
    const b = document.getElementById("board-wrap").getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: innerHeight, tiles: document.querySelectorAll(".reserve.yours .reserve-piece").length, boardBottom: b.bottom };
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  const atTop = await hand();
  check(atTop.tiles > 0 && atTop.top >= 0 && atTop.bottom <= atTop.height + 0.5 && atTop.top >= atTop.boardBottom,
    `the hand in view below the grid: ${JSON.stringify(atTop)}`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const atEnd = await hand();
  check(atEnd.top >= 0 && atEnd.bottom <= atEnd.height + 0.5, `the hand still in view at the page's end: ${JSON.stringify(atEnd)}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  const size = async () => page.evaluate(() => document.querySelector("#board rect.cell").getBoundingClientRect().width);
  const tile = await size();
  check(tile >= 32, `a cell is ${tile.toFixed(1)} px wide on a 390 px screen`);
  const letters = await page.evaluate(() => {
    const label = document.querySelector("#board .piece-label");
    return label ? label.getBoundingClientRect().height : 99;
  });
  check(letters >= 10, `tile letters are ${letters.toFixed(1)} px high`);
  await page.click("#zoom-in");
  const bigger = await size();
  check(bigger > tile * 1.1, `zooming in makes cells bigger: ${tile} -> ${bigger}`);
  await page.click("#zoom-out");
  await page.click("#zoom-out");
  check(await size() < bigger, "zooming out makes them smaller");
  // Dragging pans the board (and points at nothing).
  await page.click("#zoom-in");
  await page.click("#zoom-in");
  const wrap = page.locator("#board-wrap");
  const before = await wrap.evaluate((w) => [w.scrollLeft, w.scrollTop]);
  const box = await wrap.boundingBox();
  const played = (await pageState(page)).moves;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 - 60, { steps: 5 });
  await page.mouse.up();
  const after = await wrap.evaluate((w) => [w.scrollLeft, w.scrollTop]);
  check(after[0] !== before[0] || after[1] !== before[1], `a drag pans: ${before} -> ${after}`);
  check((await pageState(page)).moves === played, "a drag plays nothing");
  check((await page.locator("#message").textContent()) === "", "a drag points at no cell");
  // Ctrl + wheel zooms where the pointer is.
  const wheeled = await size();
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -300);
  await page.keyboard.up("Control");
  await page.waitForFunction((w) => document.querySelector("#board rect.cell").getBoundingClientRect().width > w, wheeled, { timeout });
  await page.click("#zoom-fit");
  await page.close();
};

// Where an open grid's coordinates show: the column labels along the top of the window it is
// panned in and the row labels along its left, each at least `least` px high.
async function coordinatesShown(page, what, least = 9) {
  const seen = () => page.evaluate((least) => {
    const w = document.getElementById("board-wrap").getBoundingClientRect();
    // The board seen in its window (a board smaller than the window is centred in it).
    const b = document.getElementById("board").getBoundingClientRect();
    const [left, top] = [Math.max(w.left, b.left), Math.max(w.top, b.top)];
    const shown = (selector, band) => [...document.querySelectorAll(selector)].filter((t) => {
      const r = t.getBoundingClientRect();
      return r.height >= least && r.left >= w.left - 1 && r.right <= w.right + 1 && r.top >= w.top - 1 && r.bottom <= w.bottom + 1
        && (band === "top" ? r.bottom <= top + 30 : r.left <= left + 40);
    }).map((t) => t.textContent);
    return { columns: shown("#board .ruler.columns text", "top"), rows: shown("#board .ruler.rows text", "left") };
  }, least);
  let last = null;
  for (let i = 0; i < 50; i++) {
    last = await seen();
    if (last.columns.length >= 2 && last.rows.length >= 2) return last;
    await page.waitForTimeout(100);
  }
  throw new Error(`check failed: ${what}: coordinates in the board's window: ${JSON.stringify(last)}`);
}

tests["Q!nto's start: the first cell is marked before a tile is picked, Play before Trade, coordinates stay"] = async (browser, base) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await newGameFromMenu(page, base, "qinto", "computer", { first: "1" });
  await page.waitForURL(/game=/, { timeout });
  await waitMyTurn(page);
  // Before anything is picked, the centre cell the first play must cover is marked as a cell
  // to point at (by the legal moves, which all cover it), and only it.
  const marked = await page.locator("#board rect.cell.legal").evaluateAll((rs) => rs.map((r) => r.dataset.cell));
  check(JSON.stringify(marked) === '["0,0"]', `the centre cell alone is marked before a tile is picked: ${marked}`);
  check(await page.locator('#board circle.legal-mark[data-cell="0,0"]').count() === 1, "the centre cell carries the dot of a cell to point at");
  const said = await page.locator('#board rect.cell[data-cell="0,0"]').getAttribute("aria-label");
  check(said.includes("you can point here"), `the centre cell says so: ${said}`);
  await page.click('#board rect.cell[data-cell="0,0"]');
  const told = await page.locator("#message").textContent();
  check(/pick a piece/i.test(told), `pointing there first says to pick a tile: ${told}`);
  // A tile picked: the first button puts it on the centre; the trade comes after.
  const token = await page.locator("#reserves .reserve-piece:not([disabled])").first().getAttribute("data-token");
  await page.locator("#reserves .reserve-piece:not([disabled])").first().click();
  const buttons = (await page.locator("#choices button").allTextContents()).map((b) => b.trim());
  check(buttons[0] === `Play ${token}@0,0`, `the first button after picking ${token} plays it: ${buttons}`);
  const trade = buttons.findIndex((b) => b.startsWith("Trade"));
  check(trade > 0, `Trade comes after Play: ${buttons}`);
  await shot(page, "qinto-start-picked");
  await page.locator("#choices button").first().click();
  await waitMoves(page, 1);
  check((await page.locator("#moves .move").first().textContent()) === `${token}@0,0`, "the first button played the tile on the centre");
  await computerDone(page);
  // Tiles down, at every zoom and wherever the window is panned: the coordinates stay in sight.
  while ((await pageState(page)).moves < 6 && !(await pageState(page)).over) {
    const played = await clickLegalMove(page, (legal) => legal.find((m) => /@/.test(m.notation) && !m.notation.startsWith("swap")) ?? legal[0]);
    if (played === null) break;
    await computerDone(page);
  }
  check(await page.locator("#board g.piece").count() >= 2, "tiles are down");
  await coordinatesShown(page, "after a few moves");
  await page.click("#zoom-in");
  await page.click("#zoom-in");
  await coordinatesShown(page, "zoomed in");
  await page.locator("#board-wrap").evaluate((w) => { w.scrollLeft = w.scrollWidth; w.scrollTop = w.scrollHeight; });
  const panned = await coordinatesShown(page, "zoomed in and panned to the far corner");
  for (let i = 0; i < 6; i++) await page.click("#zoom-out");
  await coordinatesShown(page, "zoomed out all the way");
  await shot(page, "qinto-coordinates");
  console.log(`     coordinates in sight when panned: columns ${panned.columns.join(" ")}, rows ${panned.rows.join(" ")}`);
  await page.close();
};

// Every outline of the board (regions, tile frames, the last move, the deciding cells, a hint)
// with its stroke inside the inner edge of the board's frame, and the marks of the last move and
// of the deciding cells drawn after (over) every region border. Returns the faults.
async function outlineFaults(page, what) {
  const found = await page.evaluate(() => {
    const board = document.getElementById("board");
    const half = (e) => parseFloat(getComputedStyle(e).strokeWidth) / 2;
    const frame = board.querySelector("rect.frame");
    if (!frame) return { faults: ["no frame drawn"], counts: {} };
    const f = frame.getBBox();
    const fh = half(frame);
    const inner = { x0: f.x + fh, y0: f.y + fh, x1: f.x + f.width - fh, y1: f.y + f.height - fh };
    const faults = [];
    const counts = {};
    for (const e of board.querySelectorAll(".region, .tile-frame, .last-mark, .deciding-mark, .hint-mark")) {
      const cls = e.getAttribute("class");
      counts[cls] = (counts[cls] || 0) + 1;
      const b = e.getBBox();
      const h = half(e);
      const outer = { x0: b.x - h, y0: b.y - h, x1: b.x + b.width + h, y1: b.y + b.height + h };
      if (outer.x0 < inner.x0 - 0.01 || outer.y0 < inner.y0 - 0.01 || outer.x1 > inner.x1 + 0.01 || outer.y1 > inner.y1 + 0.01) {
        faults.push(`${cls} ${JSON.stringify(outer)} spills over the frame ${JSON.stringify(inner)}`);
      }
    }
    // A cell's own border is the grid's line whatever its state: its marks are the outlines.
    const plain = parseFloat(getComputedStyle(board.querySelector("rect.cell")).strokeWidth);
    for (const c of board.querySelectorAll("rect.cell.last, rect.cell.deciding")) {
      const w = parseFloat(getComputedStyle(c).strokeWidth);
      if (w !== plain) faults.push(`cell ${c.dataset.cell} (${c.getAttribute("class")}) has a border of ${w}, not the grid's ${plain}`);
    }
    const regions = [...board.querySelectorAll(".region")];
    for (const m of board.querySelectorAll(".last-mark, .deciding-mark")) {
      if (regions.some((r) => !(r.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING))) {
        faults.push(`a ${m.getAttribute("class")} is drawn under a region's border`);
      }
    }
    return { faults, counts };
  });
  console.log(`     ${what}: ${JSON.stringify(found.counts)}`);
  return found.faults.map((f) => `${what}: ${f}`);
}

tests["Outlines stay inside the board, and the marks are drawn over the regions' borders"] = async (browser, base) => {
  const faults = [];
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await newGameFromMenu(page, base, "quantik", "computer");
  await page.waitForURL(/game=/, { timeout });
  await waitMyTurn(page);
  // A move in the corner: its outline is the last move's until the computer answers.
  await page.click('#board rect.cell[data-cell="0,0"]');
  await page.locator("#choices button.choice").first().click();
  await page.waitForFunction(() => tabuleiro.game.state.moves.length >= 1, null, { timeout });
  await page.locator('#board rect.cell.last').first().waitFor({ timeout });
  faults.push(...await outlineFaults(page, "after a move at a1"));
  await computerDone(page);
  faults.push(...await outlineFaults(page, "after the computer's answer"));
  await shot(page, "outlines-corner");
  await page.close();
  // A game won by a line or a block of four (a few games at most): its one frame over the regions.
  let won = false;
  for (let game = 0; game < 6 && !won; game++) {
    const p = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    await newGameFromMenu(p, base, "quantik", "computer");
    await p.waitForURL(/game=/, { timeout });
    while (!(await pageState(p)).over) {
      if (await clickLegalMove(p) === null) break;
      await computerDone(p);
    }
    await p.locator("#banner").waitFor({ timeout });
    if (await p.locator("#board .deciding-mark").count() > 0) {
      won = true;
      check(await p.locator("#board .deciding-mark").count() === 1, "the four deciding cells are framed once, as one line");
      faults.push(...await outlineFaults(p, `a game won (${await p.locator("#banner").textContent()})`));
      await shot(p, "outlines-won");
    }
    await p.close();
  }
  if (!won) console.log("     no game of six was won by a line: the last move's outline only");
  check(faults.length === 0, faults.join("\n     "));
};

tests["A move fades in, and not under reduced motion"] = async (browser, base) => {
  for (const reduce of [false, true]) {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    if (reduce) await page.emulateMedia({ reducedMotion: "reduce" });
    await newGameFromMenu(page, base, "quantik", "computer");
    await page.waitForURL(/game=/, { timeout });
    await waitMyTurn(page);
    // Each piece as it is drawn: where, and its animations and transitions then.
    await page.evaluate(() => {
      window.drawnPieces = [];
      const seen = new WeakSet();
      new MutationObserver(() => {
        for (const g of document.querySelectorAll("#board g.piece")) {
          if (seen.has(g) || g.closest(".preview")) continue;
          seen.add(g);
          const b = g.getBBox();
          const moves = tabuleiro.game.state.moves.length;
          const timings = g.getAnimations({ subtree: true }).map((a) => a.effect.getComputedTiming().duration);
          window.drawnPieces.push({ x: b.x + b.width / 2, y: b.y + b.height / 2, moves, timings });
        }
      }).observe(document.getElementById("board"), { childList: true, subtree: true });
    });
    await page.click('#board rect.cell[data-cell="0,0"]');
    await page.locator("#choices button.choice").first().click();
    await waitMoves(page, 1);
    await computerDone(page);
    const { drawn, cell } = await page.evaluate(() => {
      const r = document.querySelector('#board rect.cell[data-cell="0,0"]').getBBox();
      return { drawn: window.drawnPieces, cell: { x: r.x, y: r.y, width: r.width, height: r.height } };
    });
    const at = (d) => d.x > cell.x && d.x < cell.x + cell.width && d.y > cell.y && d.y < cell.y + cell.height;
    const first = drawn.find((d) => at(d) && d.moves >= 1);
    check(first, `the piece placed at a1 was drawn: ${JSON.stringify(drawn)}`);
    if (reduce) {
      const moving = drawn.filter((d) => d.timings.length);
      check(moving.length === 0, `nothing moves under reduced motion: ${JSON.stringify(moving)}`);
    } else {
      check(first.timings.some((t) => t >= 150 && t <= 200), `the piece placed fades in over 150–200 ms: ${JSON.stringify(first)}`);
      const later = drawn.filter((d) => at(d) && d !== first && d.timings.length && d.moves > first.moves);
      check(later.length === 0, `a piece fades in once, not again with the next move: ${JSON.stringify(later)}`);
    }
    console.log(`     ${reduce ? "reduced motion" : "motion"}: the piece at a1 drawn with animations ${JSON.stringify(first.timings)}`);
    await page.close();
  }
};

tests["Taiji shows the tile, light half and dark half, before the second click"] = async (browser, base) => {
  const page = await browser.newPage();
  await newGameFromMenu(page, base, "taiji", "computer");
  await page.waitForURL(/game=/, { timeout });
  await waitMyTurn(page);
  const { legal } = await pageState(page);
  const move = legal[0];
  const [light, dark] = move.gesture.cells;
  await page.click(`#board rect[data-cell="${light.x},${light.y}"]`);
  await page.waitForFunction(() => document.querySelectorAll("#board g.preview g.piece").length === 1, null, { timeout });
  await page.hover(`#board rect[data-cell="${dark.x},${dark.y}"]`);
  await page.waitForFunction(() => document.querySelectorAll("#board g.preview g.piece").length === 2, null, { timeout });
  const fills = await page.locator("#board g.preview g.piece rect").evaluateAll((rs) => rs.map((r) => r.getAttribute("fill")));
  check(new Set(fills).size === 2, `a light and a dark half are shown: ${fills}`);
  // The cell names say which half goes where once it is played; the move plays as shown.
  await page.click(`#board rect[data-cell="${dark.x},${dark.y}"]`);
  await waitMoves(page, 1);
  check((await page.locator("#moves .move").first().textContent()) === move.notation, "the tile shown is the tile played");
  await page.close();
};

tests["The second seat sees its side at the bottom, a dark theme, a move sound, one numbering, option labels"] = async (browser, base) => {
  const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", mode: "online" }) }).then((r) => r.json());
  const corner = async (page) => page.locator('#board rect[data-cell="0,0"]').evaluate((r) => [Number(r.getAttribute("x")), Number(r.getAttribute("y"))]);
  const first = await browser.newPage();
  await first.goto(new URL(created.seats[0].link, base).href);
  await first.locator("#board [role=gridcell]").first().waitFor({ timeout });
  const second = await browser.newPage();
  await second.goto(new URL(created.seats[1].link, base).href);
  await second.locator("#board [role=gridcell]").first().waitFor({ timeout });
  const [a, b] = [await corner(first), await corner(second)];
  check(b[0] > a[0] && b[1] > a[1], `the second seat sees the board turned: ${a} vs ${b}`);
  check((await second.locator("#flip").getAttribute("aria-pressed")) === "true", "Flip shows the board is turned");
  // The arrow keys move as the board is seen.
  await second.locator('#board rect[data-cell="1,1"]').focus();
  await second.evaluate(() => { tabuleiro.ui.focus = "1,1"; });
  await second.keyboard.press("ArrowRight");
  check(await second.evaluate(() => document.activeElement.dataset.cell) === "0,1", "→ goes right on a turned board");
  await second.click("#flip");
  const c = await corner(second);
  check(c[0] === a[0] && c[1] === a[1], `Flip turns it back: ${c}`);
  await first.close();
  await second.close();

  // Dark theme: following the system, with a switch.
  const page = await browser.newPage();
  await page.emulateMedia({ colorScheme: "dark" });
  await newGameFromMenu(page, base, "nudge", "computer");
  await page.waitForURL(/game=/, { timeout });
  await waitMyTurn(page);
  const look = () => page.evaluate(() => {
    const luminance = (colour) => {
      const [r, g, b] = colour.match(/\d+/g).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const body = luminance(getComputedStyle(document.body).backgroundColor);
    const mark = luminance(getComputedStyle(document.querySelector("circle.legal-mark")).fill);
    const cell = luminance(getComputedStyle(document.querySelector("rect.legal")).fill);
    return { body, contrast: (Math.max(mark, cell) + 0.05) / (Math.min(mark, cell) + 0.05) };
  });
  await page.click('#board rect.cell.legal');
  let seen = await look();
  check(seen.body < 0.05, `a dark page when the system is dark (luminance ${seen.body.toFixed(3)})`);
  check(seen.contrast >= 3, `legal marks keep ${seen.contrast.toFixed(2)}:1 in the dark`);
  await shot(page, "dark");
  await page.click("#theme");
  await page.click("#theme");
  check((await page.locator("#theme").textContent()) === "Theme: light", "the switch reaches light");
  seen = await look();
  check(seen.body > 0.5, `a light page when chosen, whatever the system says (${seen.body.toFixed(3)})`);
  await page.click('#choices #clear');

  // A sound when the computer has moved, none once muted.
  const sounds = () => page.evaluate(() => tabuleiro.played.sounds);
  await clickLegalMove(page);
  await clickLegalMove(page);
  await waitMyTurn(page);
  check(await sounds() >= 1, "a sound when the other player moved");
  // One numbering: the history, the list of moves and the game's notes count the same turns.
  // (Each line of the list is a round, its moves' turns named on them: the last turn shown.)
  const turn = await page.locator("#moves li").last().evaluate((li) => Number(li.dataset.turn));
  const at = await page.locator("#history-at").textContent();
  check(at === `After turn ${turn}`, `the history says turn ${turn}: ${at}`);
  const notes = await page.locator("#notes").textContent();
  check(notes.includes(`Turn ${turn + 1}`), `the notes go on with turn ${turn + 1}: ${notes}`);
  await page.click("#sound");
  check((await page.locator("#sound").getAttribute("aria-pressed")) === "false", "muted");
  const before = await sounds();
  await clickLegalMove(page);
  await clickLegalMove(page);
  await waitMyTurn(page);
  check(await sounds() === before, "no sound once muted");
  await page.click("#sound");

  // Options named for people, and chosen from lists where they are few.
  await page.goto(`${base}/`);
  await openMoreOptions(page);
  await page.selectOption("#game", "nudge");
  const labels = await page.locator("#options label").allTextContents();
  check(labels.some((l) => l.startsWith("Turn limit")), `Nudge's options are named for people: ${labels}`);
  await page.selectOption("#game", "qinto");
  check(await page.locator('[data-option="first"]').evaluate((e) => e.tagName === "SELECT"), "Q!nto's first player is chosen from a list");
  await page.close();
};

tests["A name makes a player; a key link asks first, then makes another browser the same player; forget me"] = async (browser, base) => {
  const home = await browser.newPage();
  await home.goto(`${base}/`);
  await home.locator("#me").filter({ hasText: "Choose a name" }).waitFor({ timeout });
  await home.click("#me");
  await home.fill("#me-name", "<b>Ana</b>");
  await home.click("#me-save");
  await home.locator("#me-error").filter({ hasText: "letters" }).waitFor({ timeout });
  await home.fill("#me-name", "Ana Lúcia");
  await home.click("#me-save");
  await home.locator("#me").filter({ hasText: /^Ana Lúcia#[0-9a-f]{8}$/ }).waitFor({ timeout });
  const display = await home.locator("#me").textContent();
  const cookies = await home.context().cookies();
  const session = cookies.find((c) => c.name === "tabuleiro_session");
  check(session && session.httpOnly && session.sameSite === "Lax", `an HttpOnly, SameSite=Lax cookie: ${JSON.stringify(session)}`);
  check(await home.evaluate(() => !document.cookie.includes("tabuleiro_session")), "the page's script cannot read the session");
  await home.click("#me-key");
  await home.locator("#me-key-box").waitFor({ state: "visible", timeout });
  const link = await home.locator("#me-key-link").getAttribute("href");
  check(link.includes("#key="), `the key travels in the fragment: ${link}`);
  await accessible(home, "the player dialog");
  await home.click("#me-close");
  // A browser that is another player is asked first, naming both, and stays itself when it
  // says no (any website could send it to such a link).
  const bruno = await browser.newPage();
  const brunoName = await chooseName(bruno, base, "Bruno");
  await bruno.goto(link);
  await bruno.locator("#key-offer-text").filter({ hasText: `You are ${brunoName} here. Become ${display} instead?` }).waitFor({ timeout });
  check((await bruno.locator("#me").textContent()) === brunoName, "nothing is claimed before the click");
  await accessible(bruno, "a key link's question");
  await bruno.click("#key-refuse");
  await bruno.reload();
  await bruno.locator("#me").filter({ hasText: brunoName }).waitFor({ timeout });
  await bruno.close();
  // Another browser (its own cookies) opens the key link, says yes, and is the same player.
  const phone = await browser.newPage();
  await phone.goto(link);
  await phone.locator("#key-offer-text").filter({ hasText: `Become ${display} in this browser?` }).waitFor({ timeout });
  check(!phone.url().includes("key="), `the key leaves the address bar: ${phone.url()}`);
  await phone.click("#key-accept");
  await phone.locator("#me").filter({ hasText: display }).waitFor({ timeout });
  check((await phone.locator("#me-said").textContent()).includes(display), "the page says who this browser is now");
  // Forgotten from the phone: gone from both browsers.
  phone.once("dialog", (dialog) => dialog.accept());
  await phone.click("#me");
  await phone.click("#me-forget");
  await phone.locator("#me").filter({ hasText: "Choose a name" }).waitFor({ timeout });
  await home.reload();
  await home.locator("#me").filter({ hasText: "Choose a name" }).waitFor({ timeout });
  await home.close();
  await phone.close();
};

// Gives the browser of `page` a player called `name`; returns "name#tag".
async function chooseName(page, base, name) {
  await page.goto(`${base}/`);
  await page.locator("#me").filter({ hasText: "Choose a name" }).waitFor({ timeout });
  await page.click("#me");
  await page.fill("#me-name", name);
  await page.click("#me-save");
  await page.locator("#me").filter({ hasText: new RegExp(`^${name}#[0-9a-f]{8}$`) }).waitFor({ timeout });
  await page.click("#me-close");
  return page.locator("#me").textContent();
}

tests["A rated game by invitation: names at the table, a seat only its player opens, ratings changed at the end"] = async (browser, base) => {
  const ana = await browser.newPage();
  const bia = await browser.newPage();
  const anaName = await chooseName(ana, base, "Ana");
  const biaName = await chooseName(bia, base, "Bia");
  // Ana invites Bia by the address of Bia's page.
  const biaId = await bia.evaluate(() => fetch("/api/me").then((r) => r.json()).then((me) => me.id));
  await ana.goto(`${base}/`);
  await openMoreOptions(ana);
  await ana.selectOption("#game", "quantik");
  await ana.check("input[name=mode][value=rated]");
  await ana.fill("#invite", `${base}/?player=${biaId}`);
  await ana.click("#create");
  await ana.locator("#links-rated").waitFor({ state: "visible", timeout });
  const links = await ana.locator("#link-list a.seat-link").evaluateAll((as) => as.map((a) => a.href));
  await ana.goto(links[0]);
  await ana.locator('#table-board .player[data-seat="0"]').filter({ hasText: `${anaName} 1500?` }).waitFor({ timeout });
  // Nobody but Bia takes Bia's seat, with its link or not.
  const stranger = await browser.newPage();
  await stranger.goto(links[1]);
  await stranger.locator("#bad-link-why").filter({ hasText: "this seat is Bia#" }).waitFor({ timeout });
  await stranger.goto(links[2]);
  await stranger.locator("#status").filter({ hasText: "Watching" }).waitFor({ timeout });
  await bia.goto(links[1]);
  for (const page of [ana, bia, stranger]) {
    await page.locator('#table-board .player[data-seat="1"]').filter({ hasText: `${biaName} 1500?` }).waitFor({ timeout });
  }
  // Each plays a move (a game resigned before that is aborted, not rated), then Bia resigns.
  await clickLegalMove(ana);
  await waitMoves(bia, 1);
  await clickLegalMove(bia);
  await waitMoves(ana, 2);
  await clickLegalMove(ana);
  await waitMoves(bia, 3);
  bia.once("dialog", (dialog) => dialog.accept());
  await bia.click("#resign");
  for (const page of [ana, bia, stranger]) {
    await page.locator("#banner").filter({ hasText: "Ratings:" }).waitFor({ timeout });
  }
  const banner = await stranger.locator("#banner").textContent();
  const gained = banner.match(/Ana#[0-9a-f]{8} 1500 → (\d+)\? \(\+(\d+)\)/);
  const lost = banner.match(/Bia#[0-9a-f]{8} 1500 → (\d+)\? \(−(\d+)\)/);
  check(gained && lost && gained[2] === lost[2] && Number(gained[1]) === 1500 + Number(gained[2]),
    `the winner gains what the loser loses: ${banner}`);
  check((await ana.locator("#banner").textContent()).startsWith("You won"), "Ana won");
  await accessible(stranger, "a rated game's end, to a spectator");
  await picture(ana, "rated-game-end");
  // Bia's name at the table leads to her page: her rating, and the game with its change.
  await stranger.locator("#table-board .player a", { hasText: "Bia#" }).click();
  await stranger.locator("#profile-name").filter({ hasText: biaName }).waitFor({ timeout });
  await stranger.locator("#profile-games tr").first().waitFor({ timeout });
  const row = await stranger.locator("#profile-games tr").first().textContent();
  check(row.includes("Quantik") && row.includes("rated") && row.includes(anaName) && row.includes("lost") && row.includes(`(−${lost[2]})`),
    `Bia's game on her page: ${row}`);
  check((await stranger.locator("#profile-ratings").textContent()).includes(`Quantik${lost[1]}?`), "her rating, provisional");
  // Ana's own page from the player dialog: the filter and the download.
  await ana.click("#me");
  await ana.click("#me-games");
  await ana.locator("#profile-games tr").first().waitFor({ timeout });
  check(await ana.locator("#profile-games tr").count() === 1, "one game");
  await ana.selectOption("#profile-filter", "nudge");
  await ana.locator("#profile-none").waitFor({ state: "visible", timeout });
  await ana.selectOption("#profile-filter", "quantik");
  await ana.locator("#profile-games tr").first().waitFor({ timeout });
  const download = await ana.locator("#profile-download").getAttribute("href");
  const lines = (await ana.evaluate((href) => fetch(href).then((r) => r.text()), download)).trim().split("\n");
  check(lines.length === 1 && JSON.parse(lines[0]).agents[0] === anaName, `the download: ${lines}`);
  await accessible(ana, "a player's page");
  await picture(ana, "player-page");
  await ana.click("#profile-games a");
  await ana.locator("#banner").filter({ hasText: "Ratings:" }).waitFor({ timeout });
  for (const page of [ana, bia, stranger]) await page.close();
};

tests["Between people: a takeback declined, a draw offered and accepted, a rematch offered and accepted, an abort"] = async (browser, base) => {
  const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", mode: "online" }) }).then((r) => r.json());
  const [one, two] = await Promise.all([0, 1].map(async (i) => {
    const page = await browser.newPage();
    await page.goto(new URL(created.seats[i].link, base).href);
    await page.locator("#status").filter({ hasText: /move|turn/i }).waitFor({ timeout });
    return page;
  }));
  check(await one.locator("#abort").isVisible(), "Abort before anyone moved");
  check(await one.locator("#takeback").isDisabled(), "nothing to take back yet");
  await clickLegalMove(one);
  await waitMoves(two, 1);
  await one.locator("#takeback:not([disabled])").waitFor({ timeout });
  await one.click("#takeback");
  await two.locator("#offer-text").filter({ hasText: "asks to take back their last move" }).waitFor({ timeout });
  await accessible(two, "a takeback asked");
  await two.click("#offer-decline");
  // Declined: said, and not asked again for the same move.
  await one.locator("#offer-text").filter({ hasText: "Your takeback request was declined: you may ask again after 1 more move." }).waitFor({ timeout });
  await two.locator("#offer-text").filter({ hasText: "You declined the takeback request." }).waitFor({ timeout });
  check(await one.locator("#takeback").isDisabled(), "a declined takeback is not asked again for the same move");
  check(await moveCount(one) === 1, "declined: the move stays");
  await clickLegalMove(two);
  await waitMoves(one, 2);
  await one.locator("#offer").waitFor({ state: "hidden", timeout });
  check(await one.locator("#abort").isHidden(), "no Abort once both moved");
  await one.click("#offer-draw");
  await one.locator("#offer-text").filter({ hasText: "You offered a draw" }).waitFor({ timeout });
  await two.locator("#offer-text").filter({ hasText: "offers a draw" }).waitFor({ timeout });
  await two.click("#offer-accept");
  for (const page of [one, two]) await page.locator("#banner").filter({ hasText: "agreed to a draw" }).waitFor({ timeout });
  check(await one.locator("#offer-draw").isHidden(), "no offers once the game is over");
  // A rematch between people is an offer: the other player is asked, accepts, and both go.
  const first = new URL(one.url()).searchParams.get("game");
  await one.click("#rematch");
  await one.locator("#offer-text").filter({ hasText: "You offered a rematch: waiting for the answer." }).waitFor({ timeout });
  await two.locator("#offer-text").filter({ hasText: "Player 1 wants a rematch." }).waitFor({ timeout });
  check((await two.locator("#rematch").textContent()) === "Accept rematch", "Rematch accepts the offer waiting");
  await two.click("#offer-accept");
  for (const page of [one, two]) await page.waitForURL((url) => url.searchParams.get("game") !== first, { timeout });

  // Aborted by the player who has not moved yet: no result.
  const again = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", mode: "online" }) }).then((r) => r.json());
  await one.goto(new URL(again.seats[0].link, base).href);
  await two.goto(new URL(again.seats[1].link, base).href);
  await clickLegalMove(one);
  await waitMoves(two, 1);
  two.once("dialog", (dialog) => dialog.accept());
  await two.click("#abort");
  for (const page of [one, two]) await page.locator("#banner").filter({ hasText: "aborted the game" }).waitFor({ timeout });
  await one.close();
  await two.close();
};

tests["Clocks tick on every page, warn in the last 10 seconds, and a game is lost on time"] = async (browser, base) => {
  const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", mode: "online", clock: { minutes: 0.2, increment: 0 } }) }).then((r) => r.json());
  const links = [created.seats[0].link, created.seats[1].link, created.spectator];
  const pages = await Promise.all(links.map(async (link) => {
    const page = await browser.newPage();
    await page.goto(new URL(link, base).href);
    await page.locator("#table-board .clock").nth(1).waitFor({ timeout });
    return page;
  }));
  const [one, two, watch] = pages;
  const both = (await one.locator("#table-board .clock").allTextContents()).join(" ");
  check(both.split("0:12").length === 3, `12 seconds each: ${both}`);
  await clickLegalMove(one);
  const time = (page) => page.locator("#table-board .clock.running .time").textContent();
  for (const page of pages) await page.locator('#table-board .clock.running[data-seat="1"]').waitFor({ timeout });
  // Player 2 makes their first move in time (a player who never moves aborts the game instead);
  // then player 1 never moves again.
  await clickLegalMove(two);
  for (const page of pages) await page.locator('#table-board .clock.running[data-seat="0"]').waitFor({ timeout });
  const before = await Promise.all(pages.map(time));
  await watch.waitForTimeout(1200);
  const after = await Promise.all(pages.map(time));
  const seconds = (text) => Number(text.replace(/[^0-9:.]/g, "").split(":").reduce((m, s) => 60 * Number(m) + Number(s)));
  pages.forEach((_, i) => check(seconds(after[i]) < seconds(before[i]), `player 1's clock ticks on page ${i}: ${before[i]} → ${after[i]}`));
  await one.locator("#table-board .clock.low").waitFor({ timeout });
  check((await one.locator("#table-board .clock.low .time").textContent()).startsWith("⚠"), "a low clock is marked, not only coloured");
  await accessible(one, "a page with clocks");
  await picture(one, "clocks");
  for (const page of pages) await page.locator("#banner").filter({ hasText: "player 1 ran out of time" }).waitFor({ timeout });
  check((await one.locator("#banner").textContent()).startsWith("You lost"), "player 1 lost on time");
  check(await watch.locator("#table-board .clock.running").count() === 0, "no clock runs once the game is over");
  for (const page of pages) await page.close();
};

tests["The lobby: a challenge posted, accepted, the game on both pages with clocks, watched, drawn, on both players' pages"] = async (browser, base) => {
  const [ana, bia, caio] = [await browser.newPage(), await browser.newPage(), await browser.newPage()];
  const anaName = await chooseName(ana, base, "Ana");
  const biaName = await chooseName(bia, base, "Bia");
  await caio.goto(`${base}/`);
  for (const page of [ana, bia, caio]) {
    await page.click("#lobby-link");
    await page.locator("#lobby-none").waitFor({ state: "visible", timeout });
  }
  await ana.selectOption("#challenge-game", "quantik");
  await ana.selectOption("#challenge-clock", "3+2");
  await ana.selectOption('#challenge-options [data-option="first"]', "2");
  await ana.click("#challenge-post");
  await ana.locator("#lobby-challenges button", { hasText: "Cancel" }).waitFor({ timeout });
  const row = bia.locator("#lobby-challenges tr", { hasText: anaName });
  await row.waitFor({ timeout });
  const text = await row.textContent();
  check(text.includes("Quantik") && text.includes("First player: 2") && text.includes("3+2") && text.includes("rated") && text.includes("1500?"), `the challenge: ${text}`);
  await accessible(bia, "the lobby");
  await picture(bia, "lobby");
  await row.locator("button", { hasText: "Accept" }).click();
  for (const page of [ana, bia]) {
    await page.waitForURL((url) => url.searchParams.has("game"), { timeout });
    await page.locator("#table-board .clock").nth(1).waitFor({ timeout });
  }
  check(ana.url() === bia.url(), "both on the same game");
  const names = (await ana.locator("#table-board .player").allTextContents()).join(" ");
  check(names.includes(anaName) && names.includes(biaName), `both named at the table: ${names}`);
  // The spectator finds it in the lobby and watches it.
  const playing = caio.locator("#lobby-playing tr", { hasText: anaName });
  await playing.waitFor({ timeout });
  await playing.locator("a").click();
  await caio.locator("#status").filter({ hasText: "Watching" }).waitFor({ timeout });
  const first = (await ana.locator("#status").textContent()).includes("Your turn") ? ana : bia;
  const second = first === ana ? bia : ana;
  await clickLegalMove(first);
  // Player 2 moved first (the challenge's option): player 1's clock runs now.
  for (const page of [ana, bia, caio]) await page.locator('#table-board .clock.running[data-seat="0"]').waitFor({ timeout });
  await second.click("#offer-draw");
  // The offer names its player.
  await first.locator("#offer-text").filter({ hasText: `${(second === ana ? anaName : biaName).split("#")[0]} offers a draw.` }).waitFor({ timeout });
  await first.locator("#offer-accept").click();
  for (const page of [ana, bia, caio]) await page.locator("#banner").filter({ hasText: "agreed to a draw" }).waitFor({ timeout });
  await first.locator("#banner").filter({ hasText: "Ratings:" }).waitFor({ timeout });
  // Both players' pages list it, with its clock.
  for (const page of [ana, bia]) {
    await page.click("#me");
    await page.click("#me-games");
    const game = page.locator("#profile-games tr").first();
    await game.waitFor({ timeout });
    const line = await game.textContent();
    check(line.includes("draw") && line.includes("3+2") && line.includes("rated"), `the game on the player's page: ${line}`);
  }
  for (const page of [ana, bia, caio]) await page.close();
};

tests["A bot: welcomed by a challenge's creator, accepted, named as a bot at the table"] = async (browser, base) => {
  const [ana, robo] = [await browser.newPage(), await browser.newPage()];
  const anaName = await chooseName(ana, base, "Ana");
  await chooseName(robo, base, "Robo");
  // Its owner marks it as a bot on its page, then `tabuleiro bot` claims its key as a bot.
  await robo.click("#me");
  await robo.check("#me-bot");
  await robo.locator("#me").filter({ hasText: "(bot)" }).waitFor({ timeout });
  await robo.click("#me-close");
  const claimed = await robo.evaluate(async () => {
    const key = (await (await fetch("/api/me/key", { method: "POST" })).json()).key;
    const answer = await fetch("/api/me/claim", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ key, bot: true }) });
    return answer.json();
  });
  check(claimed.bot === true, `claimed as a bot: ${JSON.stringify(claimed)}`);
  for (const page of [ana, robo]) {
    await page.click("#lobby-link");
    await page.locator("#lobby-none").waitFor({ state: "visible", timeout });
  }
  // A challenge for people only: the bot may not accept it.
  await ana.selectOption("#challenge-game", "quantik");
  await ana.click("#challenge-post");
  const row = robo.locator("#lobby-challenges tr", { hasText: anaName });
  await row.filter({ hasText: "for people only" }).waitFor({ timeout });
  check(await row.locator("button").count() === 0, "no Accept button for a bot");
  await ana.locator("#lobby-challenges button", { hasText: "Cancel" }).click();
  await row.waitFor({ state: "detached", timeout });
  await ana.check("#challenge-bots");
  await ana.click("#challenge-post");
  await row.filter({ hasText: "bots welcome" }).waitFor({ timeout });
  await row.locator("button", { hasText: "Accept" }).click();
  for (const page of [ana, robo]) await page.waitForURL((url) => url.searchParams.has("game"), { timeout });
  await ana.locator("#table-board .player").filter({ hasText: /Robo#[0-9a-f]{8} \(bot\)/ }).waitFor({ timeout });
  const table = (await ana.locator("#table-board .player").allTextContents()).join(" ");
  check(table.includes(anaName) && !table.includes(`${anaName} (bot)`), `the person is not named a bot: ${table}`);
  for (const page of [ana, robo]) await page.close();
};

tests["The landing page passes axe-core"] = async (browser, base) => {
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  await page.locator("#game option").first().waitFor({ state: "attached", timeout });
  await accessible(page, "the landing page");
  await page.close();
};

tests["Hints: refused by the server between people, offered in a casual game"] = async (browser, base) => {
  for (const mode of ["online", "casual"]) {
    const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: "quantik", mode }) }).then((r) => r.json());
    const page = await browser.newPage();
    await page.goto(new URL(created.seats[0].link, base).href);
    await waitMyTurn(page);
    if (mode === "online") {
      check(await page.locator("#hint").isHidden(), "no Hint button between people");
      check(await page.locator("#casual").isHidden(), "not named casual");
      // Asked anyway, as a modified page would: the server refuses.
      await page.evaluate(() => tabuleiro.game.socket.send(JSON.stringify({ type: "hint" })));
      await page.locator("#message").filter({ hasText: "no hints" }).waitFor({ timeout });
      check((await page.locator("#hint-text").textContent()) === "", "no hint shown");
    } else {
      check(await page.locator("#casual").isVisible(), "a casual game says so to every player");
      await page.click("#hint");
      await page.locator("#hint-text").filter({ hasText: "Hint:" }).waitFor({ timeout });
    }
    await page.close();
  }
};

// A site of someone else's: another origin (another port) serving an ordinary page.
async function startOtherSite() {
  const port = await freePort();
  const site = createHttpServer((_, answer) => {
    answer.writeHead(200, { "Content-Type": "text/html" });
    answer.end("<!doctype html><title>another site</title><p>Nothing to see here.</p>");
  });
  await new Promise((ok) => site.listen(port, "127.0.0.1", ok));
  return { site, url: `http://127.0.0.1:${port}/` };
}

tests["A page from another site can neither create games on the server nor join them"] = async (browser, base) => {
  const other = await startOtherSite();
  const page = await browser.newPage();
  const answers = [];
  page.on("response", (r) => { if (r.url().startsWith(base)) answers.push(`${r.request().method()} ${r.status()}`); });
  try {
    await page.goto(other.url);
    // What any page may send without asking the server first: a text/plain POST (no-cors).
    await page.evaluate(async (base) => {
      await fetch(`${base}/api/games`, {
        method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" },
        body: JSON.stringify({ game: "quantik", mode: "hotseat" }),
      }).catch(() => {});
    }, base);
    await page.waitForTimeout(200);
    check(answers.includes("POST 403"), `the cross-site POST is refused: ${answers}`);
    check(!answers.some((a) => a.endsWith(" 201")), `no game created: ${answers}`);
    // A JSON POST makes the browser ask first; the server's answer lets no other page through.
    const json = await page.evaluate(async (base) => {
      try {
        await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ game: "quantik", mode: "hotseat" }) });
        return "answered";
      } catch { return "blocked"; }
    }, base);
    check(json === "blocked", `a JSON POST from another site is blocked, not ${json}`);
    // Nor may the page open the WebSocket of a game it knows the address of.
    const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: "quantik", mode: "online" }) }).then((r) => r.json());
    const socket = await page.evaluate((url) => new Promise((ok) => {
      const s = new WebSocket(url);
      s.onopen = () => ok("open");
      s.onerror = () => ok("refused");
    }), `${base.replace("http", "ws")}/api/games/${created.id}/ws`);
    check(socket === "refused", `the game's WebSocket from another site is ${socket}`);
  } finally {
    await page.close();
    other.site.close();
  }
};

// ---------- A table that fits the screen ----------

const LAPTOPS = [{ width: 1280, height: 800 }, { width: 1366, height: 768 }];
const EVERY_GAME = ["quantik", "nudge", "taiji", "pushee", "qinto"];

// What the page shows of itself: its scroll height and width, and where the board, the
// pieces, the clocks, the status, the result and the actions are (null where not shown).
async function measureTable(page) {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const box = (selector) => {
      const e = document.querySelector(selector);
      if (!e || e.closest("[hidden]")) return null;
      let r = e.getBoundingClientRect();
      // An open grid (Q!nto) is larger than the window it is panned in: what shows is that window.
      const wrap = e.parentElement;
      if (wrap.classList.contains("pannable")) {
        const w = wrap.getBoundingClientRect();
        r = { top: Math.max(r.top, w.top), bottom: Math.min(r.bottom, w.bottom), left: Math.max(r.left, w.left), right: Math.min(r.right, w.right) };
      }
      return r.right - r.left <= 0 && r.bottom - r.top <= 0 ? null : { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
    };
    return {
      scrollHeight: document.documentElement.scrollHeight, scrollWidth: document.documentElement.scrollWidth,
      height: innerHeight, width: innerWidth,
      boxes: {
        board: box("#board"), reserves: document.querySelector("#reserves").children.length ? box("#reserves") : null,
        players: box("#players-top"), you: box("#players-bottom"), status: box("#status"), banner: box("#banner"), actions: box("#actions"),
      },
    };
  });
}

// Checks that the page needs no scroll and shows all of the table's parts; says its figures.
async function oneScreen(page, what, faults) {
  const m = await measureTable(page);
  console.log(`     ${what}: scroll height ${m.scrollHeight} in a window of ${m.width}×${m.height}`);
  if (m.scrollHeight > m.height) faults.push(`${what}: the page scrolls (${m.scrollHeight} > ${m.height})`);
  for (const [name, b] of Object.entries(m.boxes)) {
    if (b && (b.top < 0 || b.left < 0 || b.bottom > m.height || b.right > m.width)) {
      faults.push(`${what}: ${name} is not all in the window: ${JSON.stringify(b)}`);
    }
  }
}

// Waits until the computer has answered (or the game is over).
const computerDone = (page) => page.waitForFunction(() => window.tabuleiro?.game.state
  && (tabuleiro.game.state.ending || !tabuleiro.game.state.thinking), null, { timeout });

// An online Quantik game on a 3+2 clock between two named players, each on their own page.
async function clockGame(browser, base, viewport) {
  const pages = [await browser.newPage({ viewport }), await browser.newPage({ viewport })];
  await chooseName(pages[0], base, "Ana");
  await chooseName(pages[1], base, "Bia");
  const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", mode: "online", clock: { minutes: 3, increment: 2 } }) }).then((r) => r.json());
  for (const [i, page] of pages.entries()) {
    await page.goto(new URL(created.seats[i].link, base).href);
    await page.locator("#table-board .clock").nth(1).waitFor({ timeout });
  }
  for (const page of pages) await page.locator("#table-board .player").filter({ hasText: "Bia#" }).waitFor({ timeout });
  return pages;
}

tests["One screen at laptop sizes: board, pieces, clocks, status and actions with no page scroll"] = async (browser, base) => {
  const faults = [];
  for (const viewport of LAPTOPS) {
    const size = `${viewport.width}×${viewport.height}`;
    for (const game of EVERY_GAME) {
      const page = await browser.newPage({ viewport });
      await newGameFromMenu(page, base, game, "computer");
      await page.waitForURL(/game=/, { timeout });
      await page.locator("#board [role=gridcell]").first().waitFor({ timeout });
      await waitMyTurn(page);
      await oneScreen(page, `${game} at ${size}, start`, faults);
      for (let i = 0; i < 2 && !(await pageState(page)).over; i++) {
        await clickLegalMove(page);
        await computerDone(page);
      }
      await oneScreen(page, `${game} at ${size}, after two moves`, faults);
      await page.close();
    }
    const [one, two] = await clockGame(browser, base, viewport);
    await oneScreen(one, `online Quantik 3+2 at ${size}, player 1, start`, faults);
    await oneScreen(two, `online Quantik 3+2 at ${size}, player 2, start`, faults);
    await clickLegalMove(one);
    await waitMoves(two, 1);
    await clickLegalMove(two);
    await waitMoves(one, 2);
    await oneScreen(one, `online Quantik 3+2 at ${size}, player 1, after two moves`, faults);
    await oneScreen(two, `online Quantik 3+2 at ${size}, player 2, after two moves`, faults);
    await one.close();
    await two.close();
  }
  check(faults.length === 0, faults.join("\n     "));
};

// Sums the layout shifts of the page not caused by its player (from its loading on).
async function watchShifts(page) {
  await page.evaluate(() => {
    window.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.shifts.push({ value: e.value, input: e.hadRecentInput,
          sources: e.sources.map((s) => (s.node && s.node.nodeType === 1 ? `${s.node.nodeName.toLowerCase()}#${s.node.id}.${s.node.getAttribute("class") || ""}` : "text")) });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function shifted(page, what) {
  await page.waitForTimeout(300);
  const shifts = await page.evaluate(() => window.shifts);
  const counted = shifts.filter((s) => !s.input);
  const sum = counted.reduce((total, s) => total + s.value, 0);
  console.log(`     ${what}: layout shift ${sum.toFixed(4)}${counted.length ? ` (${counted.map((s) => `${s.value.toFixed(4)} ${s.sources.join(" ")}`).join("; ")})` : ""}`);
  return sum;
}

tests["Nothing moves on the first moves: layout shift of at most 0.02"] = async (browser, base) => {
  const viewport = LAPTOPS[0];
  const faults = [];
  const page = await browser.newPage({ viewport });
  await newGameFromMenu(page, base, "quantik", "computer");
  await page.waitForURL(/game=/, { timeout });
  await page.locator("#board [role=gridcell]").first().waitFor({ timeout });
  await waitMyTurn(page);
  await watchShifts(page);
  for (let i = 0; i < 2; i++) {
    await clickLegalMove(page);
    await computerDone(page);
  }
  const computer = await shifted(page, "Quantik against the computer");
  if (computer > 0.02) faults.push(`against the computer: ${computer.toFixed(4)}`);
  await page.close();
  const pages = await clockGame(browser, base, viewport);
  for (const p of pages) await watchShifts(p);
  const [one, two] = pages;
  await clickLegalMove(one);
  await waitMoves(two, 1);
  await clickLegalMove(two);
  await waitMoves(one, 2);
  // A second with the clock running.
  await one.waitForTimeout(1000);
  for (const [i, p] of pages.entries()) {
    const sum = await shifted(p, `online Quantik 3+2, player ${i + 1}`);
    if (sum > 0.02) faults.push(`online, player ${i + 1}: ${sum.toFixed(4)}`);
  }
  for (const p of pages) await p.close();
  check(faults.length === 0, `layout shifts: ${faults.join(", ")}`);
};

tests["No page wider than a phone: the games, the lobby, a player's page at 390 px"] = async (browser, base) => {
  const viewport = { width: 390, height: 844 };
  const faults = [];
  const wide = async (page, what) => {
    const m = await measureTable(page);
    console.log(`     ${what}: ${m.scrollWidth} px wide, ${m.scrollHeight} px high`);
    if (m.scrollWidth > m.width) faults.push(`${what} is ${m.scrollWidth} px wide`);
    return m;
  };
  for (const game of EVERY_GAME) {
    const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game, mode: "computer", level: "random" }) }).then((r) => r.json());
    const page = await browser.newPage({ viewport, hasTouch: true });
    await page.goto(new URL(created.seats.find((s) => s.link).link, base).href);
    await page.locator("#board [role=gridcell]").first().waitFor({ timeout });
    await waitMyTurn(page);
    await wide(page, `${game}, start`);
    await clickLegalMove(page);
    await computerDone(page);
    const m = await wide(page, `${game}, after a move`);
    // The board, the pieces, the clocks and the actions on the first screen.
    for (const [name, b] of Object.entries(m.boxes)) {
      if (b && name !== "banner" && b.bottom > m.height) faults.push(`${game}: ${name} ends at ${b.bottom}, below the first screen`);
    }
    await page.close();
  }
  const page = await browser.newPage({ viewport, hasTouch: true });
  await page.goto(`${base}/?lobby`);
  await page.locator("#lobby").waitFor({ state: "visible", timeout });
  await wide(page, "the lobby");
  const name = await chooseName(page, base, "Phone");
  const id = await page.evaluate(() => fetch("/api/me").then((r) => r.json()).then((me) => me.id));
  await page.goto(`${base}/?player=${id}`);
  await page.locator("#profile-name").filter({ hasText: name.split("#")[0] }).waitFor({ timeout });
  await wide(page, "a player's page");
  await page.close();
  check(faults.length === 0, faults.join("\n     "));
};

// ---------- The home, and the lobby and a player's page on a phone ----------

// What a player reads of the home outside "More options": the header and the home's own text.
const homeText = (page) => page.evaluate(() => [document.querySelector("header"),
  ...document.querySelectorAll("#setup > :not(#more-options)")].map((e) => e.innerText).join("\n"));

tests["The home: a card for each game, the computer in one click, a quick game with a person"] = async (browser, base) => {
  const catalog = await fetch(`${base}/api/catalog`).then((r) => r.json());
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/`);
  await page.locator(".game-card").nth(catalog.games.length - 1).waitFor({ timeout });
  check(catalog.games.length === 5, `five games: ${catalog.games.map((g) => g.id)}`);
  for (const g of catalog.games) {
    const card = page.locator(`.game-card[data-game="${g.id}"]`);
    check(await card.locator("h2").textContent() === g.name, `${g.id}'s card is named ${g.name}`);
    check(await card.locator(".pitch").textContent() === g.summary, `${g.id}'s card has its pitch`);
    // A position of the game on its card, drawn from the game's own picture: its cells and pieces.
    const drawn = await card.locator("svg.miniature").evaluate((svg) => ({
      cells: svg.querySelectorAll("rect.cell").length, pieces: svg.querySelectorAll("g.piece").length,
      height: svg.getBoundingClientRect().height, label: svg.getAttribute("aria-label") }));
    check(drawn.cells >= 9 && drawn.pieces >= 1 && drawn.height > 60 && drawn.label.includes(g.name),
      `${g.id}'s card shows a position: ${JSON.stringify(drawn)}`);
    for (const way of ["button.computer", 'button.quick[data-clock="3+2"]', 'button.quick[data-clock="10+5"]', "button.friend"]) {
      check(await card.locator(way).isVisible(), `${g.id}'s card offers ${way}`);
    }
  }
  check(await page.locator("#more-options").evaluate((d) => !d.open), "the whole form is folded");
  check(await page.locator("#summary").isHidden(), "no move notation on the home");
  const text = await homeText(page);
  const syntax = text.match(/[A-Z][a-z]?\d|@\d|=/);
  check(!syntax, `no notation or option syntax on the home: "${syntax}" in ${text}`);
  await page.locator("#home-lobby").filter({ hasText: /\d/ }).waitFor({ timeout });
  check(await page.locator('#home-lobby[href="/?lobby"]').isVisible() && await page.locator("#home-playing").isVisible(),
    "the lobby and the games being played one click away");
  await accessible(page, "the home");
  await picture(page, "home");
  // The computer in one click.
  await page.click('.game-card[data-game="quantik"] button.computer');
  await page.waitForURL(/game=/, { timeout });
  await page.locator("#board [role=gridcell]").first().waitFor({ timeout });
  await page.locator("#table-board .player, #status").first().waitFor({ timeout });
  check(await page.locator("#board rect.legal").count() === 16, "Quantik's board, the player to move");
  await page.close();
  // A quick game with a person: Ana's 3+2 posts a challenge and waits in the lobby; Bia, who
  // has no name yet, is asked for one, then her 3+2 takes Ana's challenge.
  const [ana, bia] = [await browser.newPage(), await browser.newPage()];
  const anaName = await chooseName(ana, base, "Ana");
  await ana.goto(`${base}/`);
  await ana.click('.game-card[data-game="quantik"] button.quick[data-clock="3+2"]');
  await ana.waitForURL(/\?lobby/, { timeout });
  await ana.locator("#lobby-challenges tr", { hasText: anaName }).locator("button", { hasText: "Cancel" }).waitFor({ timeout });
  const row = await ana.locator("#lobby-challenges tr", { hasText: anaName }).textContent();
  check(row.includes("Quantik") && row.includes("3+2") && row.includes("rated") && row.includes("usual"), `Ana's challenge: ${row}`);
  await bia.goto(`${base}/`);
  await bia.click('.game-card[data-game="quantik"] button.quick[data-clock="3+2"]');
  await bia.locator("#me-dialog[open]").waitFor({ timeout });
  await bia.fill("#me-name", "Bia");
  await bia.click("#me-save");
  for (const p of [ana, bia]) {
    await p.waitForURL((url) => url.searchParams.has("game"), { timeout });
    await p.locator("#table-board .clock").nth(1).waitFor({ timeout });
  }
  check(ana.url() === bia.url(), `both on the same game: ${ana.url()} and ${bia.url()}`);
  const names = (await ana.locator("#table-board .player").allTextContents()).join(" ");
  check(names.includes(anaName) && names.includes("Bia#"), `both named at the table: ${names}`);
  for (const p of [ana, bia]) await p.close();
};

tests["A player who leaves a rated game: the other sees them gone, then claims the win, which rates it"] = async (browser, base) => {
  const [ana, bia] = [await browser.newPage(), await browser.newPage()];
  await chooseName(ana, base, "Ana");
  const biaName = await chooseName(bia, base, "Bia");
  // A minute on the clock: Bia may be claimed against after 10 s away (docs/api.md).
  const posted = await bia.evaluate(() => fetch("/api/lobby", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", players: 2, options: {}, rated: true, bots: false, clock: { minutes: 1, increment: 0 } }) }).then((r) => r.json()));
  const accepted = await ana.evaluate((id) => fetch(`/api/lobby/${id}/accept`, { method: "POST" }).then((r) => r.json()), posted.id);
  check(accepted.game, `a game: ${JSON.stringify(accepted)}`);
  for (const p of [ana, bia]) {
    await p.goto(new URL(`/?game=${accepted.game}`, base).href);
    await p.locator("#table-board .player").filter({ hasText: biaName }).waitFor({ timeout });
  }
  const first = (await ana.locator("#status").textContent()).includes("Your turn") ? ana : bia;
  const second = first === ana ? bia : ana;
  await clickLegalMove(first);
  await waitMoves(second, 1);
  await clickLegalMove(second);
  await waitMoves(first, 2);
  check(await ana.locator("#claim").isHidden(), "no claim while Bia is here");
  // Bia closes her browser: Ana sees her away, and when she may claim.
  await bia.close();
  await ana.locator("#table-board .presence.away").waitFor({ timeout });
  await ana.locator("#claim").waitFor({ state: "visible", timeout });
  const waiting = await ana.locator("#claim-text").textContent();
  check(waiting.startsWith("Bia left the game. If they do not come back, you may claim it in"), `the claim bar: ${waiting}`);
  check(await ana.locator("#claim-win").isDisabled(), "no claim before the time");
  await ana.waitForFunction(() => !document.querySelector("#claim-win").disabled, null, { timeout });
  check((await ana.locator("#claim-text").textContent()).includes("you may claim the win"), "the claim is open");
  await accessible(ana, "the claim bar");
  ana.once("dialog", (dialog) => dialog.accept());
  await ana.click("#claim-win");
  await ana.locator("#banner").filter({ hasText: "Ratings:" }).waitFor({ timeout });
  const banner = await ana.locator("#banner").textContent();
  check(banner.startsWith("You won") && banner.includes("left the game"), `the end, on the board: ${banner}`);
  check(/Ana#[0-9a-f]{8} 1500 → \d+\? \(\+\d+\)/.test(banner), `Ana's rating rose: ${banner}`);
  check(await ana.locator("#claim").isHidden(), "no claim once the game is over");
};

tests["A poster on their player's page: the acceptance opens the game there, listed under Your games"] = async (browser, base) => {
  const [ana, bia] = [await browser.newPage(), await browser.newPage()];
  await chooseName(ana, base, "Ana");
  const biaName = await chooseName(bia, base, "Bia");
  const anaId = await ana.evaluate(() => fetch("/api/me").then((r) => r.json()).then((me) => me.id));
  const posted = await ana.evaluate(() => fetch("/api/lobby", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", players: 2, options: {}, rated: false, bots: false, clock: { minutes: 5, increment: 3 } }) }).then((r) => r.json()));
  // Ana reads her own page, not the lobby: her page of the site keeps the challenge open.
  await ana.goto(`${base}/?player=${anaId}`);
  await ana.locator("#profile").waitFor({ timeout });
  await ana.waitForTimeout(500);
  const accepted = await bia.evaluate((id) => fetch(`/api/lobby/${id}/accept`, { method: "POST" }).then((r) => r.json()), posted.id);
  check(accepted.game, `a game: ${JSON.stringify(accepted)}`);
  // Ana's page opens the game by itself.
  await ana.waitForURL(new RegExp(`game=${accepted.game}`), { timeout });
  await ana.locator("#table-board .player").filter({ hasText: biaName }).waitFor({ timeout });
  // Her games being played are one header button away, on every page.
  await ana.locator("#your-games-box").waitFor({ state: "visible", timeout });
  await ana.click("#your-games");
  const line = await ana.locator("#your-games-list li").first().textContent();
  check(line.includes("Quantik with Bia#") && /5:00 left/.test(line), `the game listed: ${line}`);
  await accessible(ana, "the list of your games");
};

tests["Lobby and player's page as cards on a phone"] = async (browser, base) => {
  const viewport = { width: 390, height: 844 };
  const [ana, bia] = [await browser.newPage(), await browser.newPage()];
  const phone = await browser.newPage({ viewport, hasTouch: true });
  const anaName = await chooseName(ana, base, "Ana");
  const biaName = await chooseName(bia, base, "Bia");
  const phoneName = await chooseName(phone, base, "Telefone");
  const post = (page, body) => page.evaluate((body) => fetch("/api/lobby", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) }).then((r) => r.json()), body);
  // Ana waits in the lobby with a challenge; Bia and the phone play a rated game.
  await ana.goto(`${base}/?lobby`);
  await ana.locator("#lobby").waitFor({ timeout });
  await post(ana, { game: "taiji", players: 2, options: { size: "7", scoring: "omega" }, rated: false, bots: true, clock: { minutes: 10, increment: 5 } });
  const posted = await post(bia, { game: "quantik", players: 2, options: {}, rated: true, bots: false });
  const accepted = await phone.evaluate((id) => fetch(`/api/lobby/${id}/accept`, { method: "POST" }).then((r) => r.json()), posted.id);
  check(accepted.game, `the phone's seat starts the game: ${JSON.stringify(accepted)}`);
  const fits = async (lists, what) => {
    const m = await phone.evaluate((lists) => {
      const wider = [];
      for (const list of lists) {
        for (const e of document.querySelectorAll(`#${list}, #${list} *`)) {
          const r = e.getBoundingClientRect();
          if (r.width > 0 && (r.left < 0 || r.right > innerWidth)) wider.push(`${list} ${e.tagName} ${Math.round(r.left)}..${Math.round(r.right)}`);
        }
      }
      return { scrollWidth: document.documentElement.scrollWidth, width: innerWidth, wider };
    }, lists);
    check(m.scrollWidth <= m.width, `${what} is ${m.scrollWidth} px wide in ${m.width}`);
    check(m.wider.length === 0, `${what}: wider than the screen: ${m.wider.slice(0, 5).join(", ")}`);
  };
  // Each cell of a card visible, its column named before it.
  const cardCells = (selector) => phone.locator(selector).evaluateAll((rows) => rows.map((tr) => Object.fromEntries([...tr.cells]
    .filter((td) => td.dataset.label).map((td) => {
      const r = td.getBoundingClientRect();
      const shown = r.width > 0 && r.height > 0 && getComputedStyle(td).visibility === "visible";
      return [td.dataset.label, shown ? `${getComputedStyle(td, "::before").content.replace(/"/g, "")}${td.innerText}` : null];
    }))));
  await phone.goto(`${base}/?lobby`);
  await phone.locator("#lobby-challenges tr", { hasText: anaName }).waitFor({ timeout });
  await phone.locator("#lobby-playing tr", { hasText: phoneName }).waitFor({ timeout });
  // The most watched games as small live boards, each a link to watch it.
  const board = phone.locator("#lobby-boards .live-board", { hasText: phoneName });
  await board.waitFor({ timeout });
  check(await board.locator("svg.miniature rect.cell").count() === 16, "a live board of the Quantik game");
  check((await board.locator("a").getAttribute("href")).includes(`game=${accepted.game}`), "the live board links to the game");
  await fits(["lobby-challenges", "lobby-playing", "lobby-boards"], "the lobby");
  const challenges = await cardCells("#lobby-challenges tr");
  for (const c of challenges) {
    for (const label of ["Game", "Clock", "Kind", "Players"]) {
      check(c[label] && c[label].startsWith(`${label}: `) && c[label].length > label.length + 2, `a challenge's ${label} shown: ${JSON.stringify(c)}`);
    }
  }
  const taiji = challenges.find((c) => c.Game === "Game: Taiji");
  check(taiji && taiji.Clock === "Clock: 10+5" && taiji.Kind.includes("casual") && taiji.Players.includes(anaName)
    && taiji.Options === "Options: Board size: 7, Scoring: omega", `Ana's challenge in words: ${JSON.stringify(taiji)}`);
  const playing = (await cardCells("#lobby-playing tr")).find((g) => g.Players.includes(phoneName));
  check(playing && playing.Players.includes(biaName) && playing.Game === "Game: Quantik", `the game being played: ${JSON.stringify(playing)}`);
  await picture(phone, "lobby-phone");
  // The game played to a rating: a move each, then the phone resigns.
  await phone.goto(new URL(`/?game=${accepted.game}`, base).href);
  await bia.goto(new URL(`/?game=${accepted.game}`, base).href);
  for (const p of [phone, bia]) await p.locator("#table-board .player").filter({ hasText: phoneName }).waitFor({ timeout });
  const first = (await phone.locator("#status").textContent()).includes("Your turn") ? phone : bia;
  const second = first === phone ? bia : phone;
  await clickLegalMove(first);
  await waitMoves(second, 1);
  await clickLegalMove(second);
  await waitMoves(first, 2);
  phone.once("dialog", (dialog) => dialog.accept());
  await phone.click("#resign");
  await phone.locator("#banner").filter({ hasText: "Ratings:" }).waitFor({ timeout });
  const id = await phone.evaluate(() => fetch("/api/me").then((r) => r.json()).then((me) => me.id));
  await phone.goto(`${base}/?player=${id}`);
  await phone.locator("#profile-ratings tr").first().waitFor({ timeout });
  await phone.locator("#profile-games tr").first().waitFor({ timeout });
  await fits(["profile-ratings", "profile-games"], "the player's page");
  const [rating] = await cardCells("#profile-ratings tr");
  check(rating.Game === "Game: Quantik" && /^Rating: \d+\? ±\d+$/.test(rating.Rating) && rating["Rated games"] === "Rated games: 1",
    `the rating as a card: ${JSON.stringify(rating)}`);
  const [game] = await cardCells("#profile-games tr");
  check(game.Opponents.includes(biaName) && game.Result === "Result: lost" && game.Mode === "Mode: rated" && game.Clock === "Clock: none"
    && /^Rating change: 1500 → \d+\? \(−\d+\)$/.test(game["Rating change"]), `the game as a card: ${JSON.stringify(game)}`);
  await accessible(phone, "a player's page on a phone");
  await picture(phone, "player-page-phone");
  for (const p of [ana, bia, phone]) await p.close();
};

// ---------- Players beside the board, and fast keyboard play ----------

// The table's text as seen (no screen-reader-only words, nothing hidden or folded).
const seenText = (page) => page.evaluate(() => {
  const copy = document.querySelector("#play").cloneNode(true);
  copy.querySelectorAll(".sr-only, [hidden], details").forEach((e) => e.remove());
  return copy.textContent;
});

tests["Players beside the board: you below, the opponent above, named once with rating and clock; a line a round"] = async (browser, base) => {
  const pages = await clockGame(browser, base, LAPTOPS[0]);
  const names = [];
  for (const page of pages) names.push((await page.locator("#me").textContent()).trim());
  const strip = (page, where) => page.locator(`#players-${where} .player`).evaluate((e) => ({
    seat: Number(e.dataset.seat), text: e.textContent, name: e.querySelector("a.name")?.textContent,
    href: e.querySelector("a.name")?.getAttribute("href"), rating: e.querySelector(".rating")?.textContent,
    clock: e.querySelector(".clock:not([hidden]) .time")?.textContent, timer: e.querySelector(".clock")?.getAttribute("role") }));
  for (const [i, page] of pages.entries()) {
    const [bottom, top] = [await strip(page, "bottom"), await strip(page, "top")];
    check(bottom.seat === i && bottom.name === names[i], `page ${i + 1}: its player at the bottom: ${JSON.stringify(bottom)}`);
    check(top.seat === 1 - i && top.name === names[1 - i], `page ${i + 1}: the opponent at the top: ${JSON.stringify(top)}`);
    for (const s of [bottom, top]) {
      check(/^\/\?player=\w+/.test(s.href), `a name leads to the player's page: ${s.href}`);
      check(/^\d+\??$/.test(s.rating), `a rating by the name: ${s.rating}`);
      check(/^\d:\d\d$/.test(s.clock) && s.timer === "timer", `a clock by the name: ${s.clock}`);
    }
    const ys = await page.evaluate(() => ["#players-top", "#board", "#players-bottom"]
      .map((s) => document.querySelector(s).getBoundingClientRect()).map((r) => [Math.round(r.top), Math.round(r.bottom)]));
    check(ys[0][1] <= ys[1][0] && ys[1][1] <= ys[2][0], `the strips above and below the board: ${JSON.stringify(ys)}`);
  }
  const [one, two] = pages;
  await clickLegalMove(one);
  await waitMoves(two, 1);
  await clickLegalMove(two);
  await waitMoves(one, 2);
  await clickLegalMove(one);
  await waitMoves(two, 3);
  for (const [i, page] of pages.entries()) {
    const text = await seenText(page);
    for (const name of names) check(text.split(name).length === 2, `page ${i + 1}: ${name} shown once at the table: ${text.replace(/\s+/g, " ")}`);
    const lines = (await page.locator("#moves li").allTextContents()).map((l) => l.trim().split(/\s+/));
    check(lines.length === 2 && lines[0].length === 2 && lines[1].length === 1, `page ${i + 1}: two lines of moves: ${JSON.stringify(lines)}`);
    check(await page.locator('#players-top .clock.running, #players-bottom .clock.running').count() === 1, "one clock runs");
  }
  await accessible(two, "players beside the board");
  await picture(two, "players-strips");
  for (const page of pages) await page.close();
};

tests["A whole Quantik game by keyboard, cell first, no Tab between moves"] = async (browser, base) => {
  const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", mode: "computer", level: "random", options: {} }) }).then((r) => r.json());
  const page = await browser.newPage({ viewport: LAPTOPS[0] });
  await page.goto(new URL(created.seats.find((s) => s.link).link, base).href);
  await page.locator("#board [role=gridcell]").first().waitFor({ timeout });
  await waitMyTurn(page);
  // The one Tab: into the board.
  await tabTo(page, "#board [role=gridcell]", true);
  const ring = await page.evaluate(() => {
    const svg = document.querySelector("#board");
    const r = svg.querySelector(".focus-ring");
    return r && r === svg.lastElementChild;
  });
  check(ring, "the focused cell's ring is drawn over everything else");
  let keys = 0;
  const press = async (key) => {
    check(key !== "Tab" && key !== "Shift+Tab", "no Tab after the first focus");
    keys += 1;
    await page.keyboard.press(key);
  };
  const focused = () => page.evaluate(() => document.activeElement?.matches("#board [role=gridcell]") ? document.activeElement.dataset.cell : null);
  let moves = 0;
  while (!(await pageState(page)).over) {
    await waitMyTurn(page);
    const { legal, over, moves: before } = await pageState(page);
    if (over) break;
    const at = await focused();
    check(at !== null, `before move ${moves + 1}, a board cell has the focus, not ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}`);
    const move = legal[Math.floor(Math.random() * legal.length)];
    const cell = move.gesture.cells[0];
    const [x, y] = at.split(",").map(Number);
    for (let dx = cell.x - x; dx !== 0; dx -= Math.sign(dx)) await press(dx > 0 ? "ArrowRight" : "ArrowLeft");
    for (let dy = cell.y - y; dy !== 0; dy -= Math.sign(dy)) await press(dy > 0 ? "ArrowDown" : "ArrowUp");
    await press("Enter");
    // The shape to choose: the keys are on the choices, which are said.
    await page.waitForFunction(() => document.activeElement?.closest("#choices"), null, { timeout });
    check((await page.locator("#announce").textContent()).startsWith("Choose:"), "the choices are announced");
    if (moves === 0) {
      // Escape goes back to the cell.
      await press("Escape");
      check(await focused() === `${cell.x},${cell.y}`, "Escape returns to the cell");
      await press("Enter");
      await page.waitForFunction(() => document.activeElement?.closest("#choices"), null, { timeout });
    }
    const buttons = await page.locator("#choices button").evaluateAll((bs) => bs.map((b) => b.dataset.notation || b.id));
    const from = await page.evaluate(() => [...document.querySelectorAll("#choices button")].indexOf(document.activeElement));
    const to = buttons.indexOf(move.notation);
    check(to >= 0, `${move.notation} offered: ${buttons}`);
    for (let k = from; k < to; k++) await press("ArrowRight");
    await press("Enter");
    await page.waitForFunction((n) => tabuleiro.game.state.moves.length > n, before, { timeout });
    moves += 1;
    await computerDone(page);
    check(await focused() !== null, `after move ${moves}, a board cell has the focus`);
    check(moves < 20, "the game ends");
  }
  console.log(`     ${moves} moves, ${keys} keys: ${(keys / moves).toFixed(1)} keys a move (the first with an Escape and an Enter more)`);
  // Every piece has one name for every seat: player 2's as player 1's.
  const named = await page.locator("#board [role=gridcell]").evaluateAll((cs) => cs.map((c) => c.getAttribute("aria-label")).join("; "));
  check(!/square|bar|triangle|circle/.test(named) && /player 2's (cube|cylinder|cone|sphere)/.test(named), `pieces named alike: ${named}`);
  await page.close();
};

// Where the popup of a cell's choice is, and the cell's box, in CSS px of the window.
const popupAndCell = (page, cell) => page.evaluate((key) => {
  const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width }; };
  const popup = document.querySelector("#choices .choice-popup");
  return {
    popup: popup ? box(popup) : null, cell: box(document.querySelector(`#board rect[data-cell="${key}"]`)),
    window: { width: document.documentElement.clientWidth, height: window.innerHeight },
    focused: !!popup && popup.contains(document.activeElement) && document.activeElement === popup.querySelector("button"),
  };
}, cell);

// The popup is next to its cell (within 1.5 cells, not over it) and inside the window.
function checkNextToCell(seen, what) {
  const { popup: p, cell: c, window: w } = seen;
  check(p, `${what}: the choice opens in a popup`);
  const gap = Math.max(0, p.left - c.right, c.left - p.right, p.top - c.bottom, c.top - p.bottom);
  check(gap <= 1.5 * c.width, `${what}: the popup is ${gap.toFixed(0)} px from its cell of ${c.width.toFixed(0)} px`);
  const over = p.left < c.right && c.left < p.right && p.top < c.bottom && c.top < p.bottom;
  check(!over, `${what}: the popup leaves its cell in sight: ${JSON.stringify(seen)}`);
  check(p.left >= 0 && p.top >= 0 && p.right <= w.width && p.bottom <= w.height, `${what}: the popup is inside the window: ${JSON.stringify(seen)}`);
}

tests["A cell's choice opens next to the cell, focused and said; Escape gives the keys back to the cell"] = async (browser, base) => {
  const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", mode: "computer", level: "random", options: {} }) }).then((r) => r.json());
  const link = new URL(created.seats.find((s) => s.link).link, base).href;
  const page = await browser.newPage({ viewport: LAPTOPS[0] });
  await page.goto(link);
  await page.locator("#board [role=gridcell]").first().waitFor({ timeout });
  await waitMyTurn(page);
  // By the keyboard alone: into the board, to b2, Enter.
  await tabTo(page, "#board [role=gridcell]", true);
  const focusedCell = () => page.evaluate(() => document.activeElement?.matches("#board [role=gridcell]") ? document.activeElement.dataset.cell : null);
  const target = { x: 1, y: 1 };
  const [x, y] = (await focusedCell()).split(",").map(Number);
  for (let dx = target.x - x; dx !== 0; dx -= Math.sign(dx)) await page.keyboard.press(dx > 0 ? "ArrowRight" : "ArrowLeft");
  for (let dy = target.y - y; dy !== 0; dy -= Math.sign(dy)) await page.keyboard.press(dy > 0 ? "ArrowDown" : "ArrowUp");
  check(await focusedCell() === "1,1", "the arrows reach b2");
  await page.keyboard.press("Enter");
  let seen = await popupAndCell(page, "1,1");
  checkNextToCell(seen, "b2 by the keyboard");
  check(seen.focused, "the popup's first button has the keys");
  const said = await page.locator("#announce").textContent();
  check(/^Choose: cube, cylinder, cone, sphere\./.test(said), `the choice is said: ${said}`);
  check(await page.locator("#choices .choice-popup button.choice").count() === 4, "four shapes in the popup");
  await accessible(page, "a cell's choice open");
  await shot(page, "choice-popup");
  // Escape closes it and gives the keys back to the cell.
  await page.keyboard.press("Escape");
  check(await page.locator("#choices .choice-popup").count() === 0, "Escape closes the popup");
  check(await focusedCell() === "1,1", "Escape gives the keys back to b2");
  // Again, and the second shape picked: the move is played, the keys back on the board.
  await page.keyboard.press("Enter");
  check((await popupAndCell(page, "1,1")).focused, "Enter opens it again, focused");
  await page.keyboard.press("ArrowRight");
  const picked = await page.evaluate(() => document.activeElement.dataset.notation);
  await page.keyboard.press("Enter");
  await waitMoves(page, 1);
  check((await page.locator("#moves .move").first().textContent()) === picked, `the shape picked is played: ${picked}`);
  await computerDone(page);
  await page.waitForFunction(() => document.activeElement?.matches("#board [role=gridcell]"), null, { timeout });
  check(await page.locator("#choices .choice-popup").count() === 0, "the popup is gone once the move is played");
  await page.close();
  // With the mouse, on a phone, at the corners: next to the cell and inside the window.
  for (const cell of ["0,0", "3,3", "3,0", "0,3"]) {
    const made = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: "quantik", mode: "computer", level: "random", options: {} }) }).then((r) => r.json());
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await phone.goto(new URL(made.seats.find((s) => s.link).link, base).href);
    await waitMyTurn(phone);
    await phone.click(`#board rect[data-cell="${cell}"]`);
    seen = await popupAndCell(phone, cell);
    checkNextToCell(seen, `${cell} by a click on a phone`);
    check(seen.focused, `${cell}: the popup's first button has the focus`);
    await phone.locator("#choices .choice-popup button.choice").first().click();
    await waitMoves(phone, 1);
    await phone.close();
  }
};

tests["Undo is not shown where it can never be used: games between people"] = async (browser, base) => {
  const created = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "quantik", mode: "online" }) }).then((r) => r.json());
  const page = await browser.newPage();
  await page.goto(new URL(created.seats[0].link, base).href);
  await page.locator("#board [role=gridcell]").first().waitFor({ timeout });
  await page.locator("#resign").waitFor({ state: "visible", timeout });
  check(await page.locator("#undo").isHidden(), "no Undo in a game between people");
  await page.close();
  const computer = await browser.newPage();
  await newGameFromMenu(computer, base, "quantik", "computer");
  await computer.waitForURL(/game=/, { timeout });
  await waitMyTurn(computer);
  check(await computer.locator("#undo").isVisible(), "Undo is shown against the computer");
  await clickLegalMove(computer);
  await computerDone(computer);
  check(await computer.locator("#undo").isEnabled(), "and may be used once a move is made");
  await computer.close();
};

tests["The move box keeps its focus between moves, as lichess's keyboard input does"] = async (browser, base) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await newGameFromMenu(page, base, "quantik", "computer", { first: "1" });
  await page.waitForURL(/game=/, { timeout });
  await waitMyTurn(page);
  await page.focus("#move-text");
  for (let k = 0; k < 3; k++) {
    const state = await page.evaluate(() => ({ legal: tabuleiro.game.state.legal.map((l) => l.notation), moves: tabuleiro.game.state.moves.length, over: !!tabuleiro.game.state.ending }));
    if (state.over || state.legal.length === 0) break;
    // Typed in lower case, as a player types.
    await page.keyboard.type(state.legal[0].toLowerCase());
    await page.keyboard.press("Enter");
    await page.waitForFunction((n) => tabuleiro.game.state.moves.length > n, state.moves, { timeout });
    await waitMyTurn(page);
    const at = await page.evaluate(() => document.activeElement && document.activeElement.id);
    check(at === "move-text", `after typed move ${k + 1} the keys are still in the move box (${at})`);
    check(await page.locator("#move-text").isVisible(), "the move box shown");
    check(await page.inputValue("#move-text") === "", "the move box emptied");
  }
  await page.close();
};

Object.assign(tests, puzzleTests({ check, point, keyMove, timeout, chooseName, accessible, picture }));

const data = mkdtempSync(join(tmpdir(), "tabuleiro-e2e-"));
let server = await startServer(data);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
let failed = 0;
try {
  // ONLY=words runs the tests whose names hold them (for chasing one test).
  const only = process.env.ONLY;
  for (const [name, test] of Object.entries(tests).filter(([n]) => !only || n.includes(only))) {
    const started = performance.now();
    const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    try {
      await test(browser, server.base);
      console.log(`ok   ${name} (${took()})`);
    } catch (error) {
      failed++;
      console.log(`FAIL ${name} (${took()})\n     ${error.stack ?? error}`);
    }
  }
} finally {
  await browser.close();
  server.child.kill();
  rmSync(data, { recursive: true, force: true });
}
for (const { where, violations } of axeReport) {
  const found = violations.map((v) => `${v.id} (${v.impact})`).join(", ") || "none";
  console.log(`axe-core, ${where}: ${found}`);
}
console.log(failed === 0 ? "browser tests: all passed" : `browser tests: ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
