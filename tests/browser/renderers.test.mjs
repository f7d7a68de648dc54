// Every registered game, mid-game, as seat 0 against bots: its renderer draws the board without an
// error (no generic stand-in), the legal moves are buttons, and a screenshot is saved (--out DIR).
// Also: the lobby, a spectator's page, and the replay viewer of a table of bots, each screenshot.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { check, clickRandomAction, createTableFromLobby, getJson, makeRandom, newPage, runTest, waitForTurnOrEnd } from "./lib.mjs";

const kOurMoves = 6;

function botFor(game) {
  return game.bots.includes("heuristic") ? "heuristic" : game.bots.find((b) => !b.startsWith("ismcts")) ?? game.bots[0];
}

await runTest("browser.renderers", async ({ server, browser, args }) => {
  const out = args.out ?? path.resolve("screenshots");
  mkdirSync(out, { recursive: true });
  const games = await getJson(`${server.base}/api/games`);
  // The move list open (a game's own table folds it away): this test moves by its buttons, and its
  // screenshots show the list beside the board.
  const { page, record } = await newPage(browser, { width: 1360, height: 1000, moveList: true });
  const random = makeRandom(5);
  const report = [];

  for (const game of games) {
    const players = Math.max(game.min_seats, Math.min(game.max_seats, 4));
    const seats = ["human", ...Array.from({ length: players - 1 }, () => botFor(game))];
    await createTableFromLobby(page, server.base, { game: game.id, players, seats, name: "Ada" });
    // The screenshot is of the last of our turns before the end (or after kOurMoves moves).
    let ours = 0;
    let shot = false;
    for (;;) {
      const over = await waitForTurnOrEnd(page);
      const board = page.locator(".board");
      check((await board.count()) === 1, `${game.id}: the board is drawn`);
      const text = await board.textContent();
      check(!text.includes("(shown generically)"), `${game.id}: its renderer failed and the generic view stood in`);
      check(text.trim().length > 40, `${game.id}: the board is nearly empty`);
      if (over) {
        await page.screenshot({ animations: "disabled", path: path.join(out, `${game.id}-over.png`), fullPage: true });
        break;
      }
      await page.screenshot({ animations: "disabled", path: path.join(out, `${game.id}.png`), fullPage: true });
      shot = true;
      if (ours >= kOurMoves) break;
      await clickRandomAction(page, random);
      ours++;
    }
    check(shot, `${game.id}: the game ended before seat 0 had a move`);
    // The generic fallback draws the same view as fields (every game must work without its renderer).
    await page.check("#plain-view");
    await page.waitForSelector(".board .generic dl.fields");
    const fields = await page.locator(".board .generic dl.fields > dt").count();
    check(fields >= 3, `${game.id}: the generic view shows only ${fields} fields`);
    if (game.id === games[0].id) await page.screenshot({ animations: "disabled", path: path.join(out, `generic-${game.id}.png`), fullPage: true });
    await page.uncheck("#plain-view");
    await page.waitForSelector(".board .generic", { state: "detached" });
    report.push(`${game.id} (${ours} moves)`);
  }

  // The lobby, with the tables just made listed.
  await page.goto(`${server.base}/#/`);
  await page.waitForSelector("ul.tables li");
  await page.screenshot({ animations: "disabled", path: path.join(out, "lobby.png"), fullPage: true });

  // A table of bots only: a spectator watches it, then steps through its replay.
  const first = games.find((g) => g.id === "intrigue") ?? games[0];
  const created = await fetch(`${server.base}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: first.id, players: first.min_seats, options: {}, seats: Array(first.min_seats).fill(botFor(first)) }),
  }).then((r) => r.json());
  await page.goto(`${server.base}/#/table/${created.code}`);
  await page.waitForSelector("#table[data-step]");
  check((await page.locator("#table").getAttribute("data-seat")) === "spectator", "a visitor without a token is a spectator");
  await page.waitForSelector("#game-over", { timeout: 120_000 });
  await page.screenshot({ animations: "disabled", path: path.join(out, "game-over.png"), fullPage: true });
  await page.click("#replay-link");
  await page.waitForSelector("#replay[data-step]");
  const steps = Number(await page.locator("#replay-step").getAttribute("max"));
  const middle = Math.floor(steps / 2);
  await page.locator("#replay-step").evaluate((el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event("input"));
  }, middle);
  await page.waitForSelector(`#replay[data-step="${middle}"]`);
  await page.selectOption("#replay-seat", "1");
  await page.waitForFunction(() => document.getElementById("replay").dataset.seat === "1");
  await page.click("#replay-next");
  await page.waitForSelector(`#replay[data-step="${middle + 1}"]`);
  check(!(await page.locator(".replay-board").textContent()).includes("(shown generically)"), "the replay uses the renderer");
  check(/^Move \d+: /.test(await page.locator("#replay-move").textContent()), "the replay names the move just played");
  await page.screenshot({ animations: "disabled", path: path.join(out, "replay.png"), fullPage: true });
  check(record.errors.length === 0, `page errors: ${record.errors.join("; ")}`);
  console.log(`renderers: ${report.join(", ")}; screenshots in ${out}`);
});
