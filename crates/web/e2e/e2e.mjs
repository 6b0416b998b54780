// Browser end-to-end tests of `tabuleiro serve` in Debian's chromium, driven by playwright-core.
// Usage: node e2e.mjs [path/to/tabuleiro]  (default: target/debug/tabuleiro from the repository)
// Environment: CHROMIUM (default /usr/bin/chromium), SCREENSHOTS=DIR to save a picture of each step.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { createServer as createHttpServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

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
  const child = spawn(binary, ["serve", "--addr", `127.0.0.1:${port}`, "--data", data], {
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

const moveCount = (page) => page.locator("#moves li").count();

async function waitMoves(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll("#moves li").length >= n, n, { timeout });
}

// Plays one legal move by clicking: a highlighted cell, then a choice if several moves start there.
async function clickLegalMove(page) {
  const legal = page.locator("rect.legal");
  await legal.first().waitFor({ timeout });
  await legal.first().click();
  const choice = page.locator("#choices button");
  if (await choice.count() > 0) await choice.first().click();
}

async function newGameFromMenu(page, base, game, mode) {
  await page.goto(`${base}/`);
  await page.selectOption("#game", game);
  await page.check(`input[name=mode][value=${mode}]`);
  if (mode === "computer") await page.selectOption("#level", "random");
  await page.click("#create");
}

const tests = {
  async "Quantik against the computer: a click, the computer's reply, to the end"(browser, base) {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await newGameFromMenu(page, base, "quantik", "computer");
    await page.waitForURL(/game=/, { timeout });
    await page.locator("rect.legal").first().waitFor({ timeout });
    check(await page.locator("rect.legal").count() === 16, "16 highlighted cells at the start");
    await shot(page, "quantik-start");
    await page.click('rect[data-cell="a1"]');
    const choices = await page.locator("#choices button").allTextContents();
    check(choices.length === 4 && choices.includes("Ca1"), `four shapes offered at a1: ${choices}`);
    await page.click('#choices button:text-is("Ca1")');
    await waitMoves(page, 2);
    check((await page.locator("#moves li").first().textContent()) === "Ca1", "the move list starts with Ca1");
    await shot(page, "quantik-reply");
    while (await page.locator("#banner").isHidden()) {
      const before = await moveCount(page);
      await clickLegalMove(page);
      await page.waitForFunction((n) => document.querySelectorAll("#moves li").length > n
        && !document.getElementById("status").classList.contains("thinking")
        || !document.getElementById("banner").hidden, before, { timeout });
    }
    const banner = await page.locator("#banner").textContent();
    check(/wins|Draw/.test(banner), `game-over banner: ${banner}`);
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
    const moves = await page.locator("#moves li").allTextContents();
    await page.reload();
    await waitMoves(page, 2);
    const again = await page.locator("#moves li").allTextContents();
    check(JSON.stringify(again) === JSON.stringify(moves), `same moves after reload: ${again} vs ${moves}`);
    await clickLegalMove(page);
    await waitMoves(page, 4);
    await page.close();
  },

  async "Online game between two browsers, with a spectator"(browser, base) {
    const creator = await browser.newPage();
    await newGameFromMenu(creator, base, "taiji", "online");
    await creator.locator("#link-list a").first().waitFor({ timeout });
    const links = await creator.locator("#link-list a").evaluateAll((as) => as.map((a) => a.href));
    check(links.length === 3, `two seat links and a spectator link: ${links}`);
    check(links[0] !== links[1] && links[0].includes("#token="), "each seat has its own token");
    check(!links[2].includes("token"), "the spectator link has no token");
    const [one, two, watch] = await Promise.all([0, 1, 2].map(async (i) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(links[i]);
      await page.locator("#status").filter({ hasText: /move|turn/i }).waitFor({ timeout });
      return page;
    }));
    check(await two.locator("rect.legal").count() === 0, "not player 2's turn");
    check(await watch.locator("rect.legal").count() === 0, "spectators have no moves");
    // Taiji: the first cell, then the neighbour for the dark half.
    await one.click('rect[data-cell="d4"]');
    await one.locator("rect.partner").first().waitFor({ timeout });
    await one.click('rect[data-cell="d5"]');
    for (const page of [one, two, watch]) await waitMoves(page, 1);
    check((await two.locator("#moves li").first().textContent()) === "d4-d5", "player 2 sees the move");
    await two.locator("rect.legal").first().waitFor({ timeout });
    await shot(two, "online-player-2");
    await two.click('rect[data-cell="a1"]');
    await two.click('rect[data-cell="a2"]');
    for (const page of [one, two, watch]) await waitMoves(page, 2);
    check((await one.locator("#moves li").nth(1).textContent()) === "a1-a2", "player 1 sees the reply");
    await one.locator("rect.legal").first().waitFor({ timeout });
    await shot(watch, "online-spectator");
  },
};

tests["Every game is drawn as SVG and a first move is played by clicking"] = async (browser, base) => {
  const catalog = await (await fetch(`${base}/api/catalog`)).json();
  check(catalog.games.length >= 5, "five games");
  for (const info of catalog.games) {
    const answer = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: info.id, mode: "hotseat" }) });
    const created = await answer.json();
    check(answer.ok, `${info.id}: ${JSON.stringify(created)}`);
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(base + created.seats[0].link);
    await page.locator("#status").filter({ hasText: /move|turn/i }).waitFor({ timeout });
    if (await page.locator("#cover").isVisible()) {
      check(info.id === "qinto", `${info.id}: only hidden-information games cover the screen`);
      await page.click("#show");
    }
    // Q!nto starts on an empty grid: its cells are those the first moves name (at least 0,0).
    const least = info.id === "qinto" ? 1 : 16;
    check(await page.locator("#board rect.cell").count() >= least, `${info.id}: a grid of cells`);
    check(await page.locator("#board rect.legal").count() > 0, `${info.id}: legal cells highlighted`);
    await page.locator("#board rect.legal").first().click();
    if (await page.locator("#choices button").count() > 0) {
      await page.locator("#choices button").first().click();
    } else if (await page.locator("#board rect.partner").count() > 0) {
      await page.locator("#board rect.partner").first().click();
    }
    await waitMoves(page, 1);
    await shot(page, `first-move-${info.id}`);
    await page.close();
  }
};

tests["The server killed and restarted mid-game: the page reconnects and the game goes on"] = async (browser, base) => {
  const page = await browser.newPage();
  await newGameFromMenu(page, base, "nudge", "computer");
  await page.waitForURL(/game=/, { timeout });
  await clickLegalMove(page);
  await waitMoves(page, 1);
  const moves = await page.locator("#moves li").allTextContents();
  server.child.kill("SIGKILL");
  await page.locator("#status").filter({ hasText: "reconnecting" }).waitFor({ timeout });
  server = await startServer(data, server.port);
  await page.locator("#status").filter({ hasText: /turn|move/ }).waitFor({ timeout });
  const again = await page.locator("#moves li").allTextContents();
  check(JSON.stringify(again) === JSON.stringify(moves), `same moves after the restart: ${again} vs ${moves}`);
  await clickLegalMove(page);
  await waitMoves(page, 4);
  await page.close();
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

const data = mkdtempSync(join(tmpdir(), "tabuleiro-e2e-"));
let server = await startServer(data);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
let failed = 0;
try {
  for (const [name, test] of Object.entries(tests)) {
    try {
      await test(browser, server.base);
      console.log(`ok   ${name}`);
    } catch (error) {
      failed++;
      console.log(`FAIL ${name}\n     ${error.stack ?? error}`);
    }
  }
} finally {
  await browser.close();
  server.child.kill();
  rmSync(data, { recursive: true, force: true });
}
console.log(failed === 0 ? "browser tests: all passed" : `browser tests: ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
