// The browser tests of puzzles (run by e2e.mjs, which lends its helpers): the home's Puzzles
// entry with today's puzzle, a puzzle solved by clicking (a right move, the defender's answer,
// solved) as a guest, a wrong move then the right one by the keyboard alone as a player (rated,
// and listed on the player's page), and a streak that ends at the first mistake.

/** The puzzle tests, given e2e.mjs's helpers. */
export function puzzleTests({ check, point, keyMove, timeout, chooseName, accessible, picture }) {
  // A puzzle of `game` with `theme`, as the API gives it (its solution included); with `seat`,
  // one solved from that seat (the second seat's board is turned half a turn).
  const find = async (page, base, game, theme, seat = null) => {
    const seen = [];
    for (let k = 0; k < 40; k++) {
      const query = new URLSearchParams({ game, theme, rating: "1500", seen: seen.join(",") });
      const puzzle = await page.evaluate(async (url) => (await fetch(url)).json(), `${base}/api/puzzles/next?${query}`);
      if (seat === null || puzzle.seat === seat) return puzzle;
      seen.push(puzzle.id);
    }
    throw new Error(`no ${game} puzzle with ${theme} for seat ${seat}`);
  };

  // Opens puzzle `id` and waits until the player may move.
  const open = async (page, base, id) => {
    await page.goto(`${base}/?puzzle=${encodeURIComponent(id)}`);
    await page.waitForFunction(() => window.tabuleiro?.game.state && tabuleiro.game.state.legal.length > 0, null, { timeout });
  };

  const legal = (page) => page.evaluate(() => tabuleiro.game.state.legal);
  const moveCount = (page) => page.evaluate(() => tabuleiro.game.state.moves.length);
  const said = (page, text) => page.locator("#puzzle-said").filter({ hasText: text }).waitFor({ timeout });

  // Plays the solution's turns of the player from where the puzzle stands, by `make` (point or
  // keyMove), waiting for each answer.
  const solve = async (page, puzzle, make) => {
    for (let t = 0; t < puzzle.solution.length; t += 2) {
      for (const notation of puzzle.solution[t]) {
        await page.waitForFunction(() => tabuleiro.game.state.legal.length > 0, null, { timeout });
        const move = (await legal(page)).find((l) => l.notation === notation);
        check(move, `the solution's move ${notation} is legal on the page`);
        await make(page, move);
      }
      const last = t + 2 >= puzzle.solution.length;
      await said(page, last ? "Solved" : "Best move!");
      if (!last) {
        const answered = puzzle.position_moves + t + 1 + puzzle.solution[t + 1].length;
        await page.waitForFunction((n) => tabuleiro.game.state.moves.length >= n, answered, { timeout });
      }
    }
  };

  return {
    async "Puzzles: today's puzzle on the home, a win in 2 solved by clicking, the defender answering"(browser, base) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${base}/`);
      const daily = page.locator("#home-daily a.daily-puzzle");
      await daily.waitFor({ timeout });
      check(await daily.locator("svg.miniature").count() === 1, "today's puzzle drawn on the home");
      check((await daily.textContent()).startsWith("Today's puzzle:"), "today's puzzle named");
      await accessible(page, "the home with today's puzzle");

      const puzzle = await find(page, base, "quantik", "win in 2");
      check(puzzle.solution.length === 3, `a win in 2: ${JSON.stringify(puzzle.solution)}`);
      puzzle.position_moves = puzzle.record.moves.length;
      await open(page, base, puzzle.id);
      check((await page.textContent("#puzzle-task")).startsWith("Find the only winning move"), "the task said");
      check(await moveCount(page) === puzzle.position_moves, "the game so far in the move list");
      check(await page.locator("#resign").isHidden() && await page.locator("#undo").isHidden(), "no resign or undo in a puzzle");
      await solve(page, puzzle, point);
      // The last position: the defender answered, the player won.
      await page.locator("#banner").waitFor({ timeout });
      check((await page.textContent("#puzzle-about")).includes("win in 2"), "the themes shown once solved");
      await page.locator("#puzzle-rating").filter({ hasText: "Unrated" }).waitFor({ timeout });
      await picture(page, "quantik-puzzle-solved");
      await accessible(page, "a solved puzzle");
      await page.close();
    },

    async "Puzzles: a wrong move then the right one by the keyboard alone, rated, on the player's page"(browser, base) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const me = await chooseName(page, base, "Puzzler");
      // The second seat's: its board turned, the keys moving as it is seen.
      const puzzle = await find(page, base, "quantik", "only move", 1);
      puzzle.position_moves = puzzle.record.moves.length;
      await open(page, base, puzzle.id);
      check(await page.evaluate(() => tabuleiro.ui.flipped), "the second seat sees its side at the bottom");
      const first = puzzle.solution[0][0];
      const wrong = (await legal(page)).find((l) => l.notation !== first);
      check(wrong, "a move other than the solution's");
      const before = await moveCount(page);
      await keyMove(page, wrong);
      await said(page, "That is not the only win — try again.");
      // Taken back: the position as it was, the player to move again.
      await page.waitForFunction((n) => tabuleiro.game.state.moves.length === n && tabuleiro.game.state.legal.length > 0, before, { timeout });
      await page.locator("#puzzle-rating").filter({ hasText: "Your puzzle rating: 1500 →" }).waitFor({ timeout });
      const rated = await page.textContent("#puzzle-rating");
      check(/\(−\d+\)/.test(rated), `a miss lowers the rating: ${rated}`);
      await solve(page, puzzle, keyMove);
      await said(page, "solved after a miss");
      // The player's page lists the attempt.
      await page.click("#me");
      await page.click("#me-games");
      const row = page.locator("#profile-puzzles tr").filter({ hasText: puzzle.id });
      await row.waitFor({ timeout });
      check((await row.textContent()).includes("missed"), "the attempt listed as missed");
      check((await page.textContent("#profile-puzzle-ratings")).includes("Quantik"), `a Quantik puzzle rating for ${me}`);
      await accessible(page, "a player's page with puzzles");
      await page.close();
    },

    async "Puzzles: a streak climbs until the first mistake"(browser, base) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${base}/?puzzles`);
      await page.selectOption("#puzzles-game", "quantik");
      await accessible(page, "the puzzles page");
      await page.click("#puzzles-streak");
      await page.waitForURL(/puzzle=.*streak/, { timeout });
      await page.waitForFunction(() => window.tabuleiro?.game.state && tabuleiro.game.state.legal.length > 0, null, { timeout });
      await page.locator("#puzzle-streak").filter({ hasText: "Streak: 0" }).waitFor({ timeout });
      const ratings = [];
      for (let k = 1; k <= 2; k++) {
        const id = new URL(page.url()).searchParams.get("puzzle");
        const puzzle = await page.evaluate(async (url) => (await fetch(url)).json(), `${base}/api/puzzles/${id}`);
        puzzle.position_moves = puzzle.record.moves.length;
        ratings.push(puzzle.rating);
        await solve(page, puzzle, point);
        await page.locator("#puzzle-streak").filter({ hasText: `Streak: ${k} solved in a row.` }).waitFor({ timeout });
        await page.click("#puzzle-next");
        await page.waitForFunction((old) => !location.search.includes(old) && tabuleiro.game.state && tabuleiro.game.state.legal.length > 0, id, { timeout });
      }
      check(ratings[1] >= ratings[0] - 150, `the streak's puzzles get no easier: ${ratings}`);
      const id = new URL(page.url()).searchParams.get("puzzle");
      const puzzle = await page.evaluate(async (url) => (await fetch(url)).json(), `${base}/api/puzzles/${id}`);
      const wrong = (await legal(page)).find((l) => l.notation !== puzzle.solution[0][0]);
      await point(page, wrong);
      await page.locator("#puzzle-streak").filter({ hasText: "Streak over: 2 solved in a row." }).waitFor({ timeout });
      await page.click("#puzzle-solution");
      await said(page, "The solution:");
      await page.locator("#puzzle-next").filter({ hasText: "New streak" }).waitFor({ timeout });
      await page.close();
    },
  };
}
