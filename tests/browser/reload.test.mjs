// A reload mid-game resumes the same seat (the token is kept in localStorage), and a server restart
// mid-game is survived: the page reconnects, resyncs from the server, and play goes on.
import { check, clickRandomAction, createTableFromLobby, makeRandom, newPage, runTest, startServer, waitForTurnOrEnd } from "./lib.mjs";

await runTest("browser.reload", async ({ server, browser, args }) => {
  const { page, record } = await newPage(browser);
  const code = await createTableFromLobby(page, server.base, {
    game: "intrigue",
    seats: ["heuristic", "human", "random"],
    name: "Lin",
  });
  const random = makeRandom(99);
  const token = await page.evaluate((c) => localStorage.getItem(`court.token.${c}`), code);
  check(token, "the seat token is kept in localStorage");
  for (let i = 0; i < 2; ++i) {
    check(!(await waitForTurnOrEnd(page)), "the game ended too early for this test");
    await clickRandomAction(page, random);
  }
  const before = Number(await page.locator("#table").getAttribute("data-step"));
  const socketsBefore = record.sockets;

  await page.reload();
  await page.waitForSelector("#table[data-step]");
  check((await page.locator("#table").getAttribute("data-seat")) === "1", "after the reload the page is seat 1 again");
  const after = Number(await page.locator("#table").getAttribute("data-step"));
  check(after >= before, `the reloaded page shows step ${after}, before it was ${before}`);
  check(record.sockets > socketsBefore, "the reload opened a new WebSocket");
  check((await page.locator(".seat.you").getAttribute("data-seat")) === "1", "the seats bar marks seat 1 as you");
  check(!(await waitForTurnOrEnd(page)), "the game ended too early for this test");
  await clickRandomAction(page, random);

  // The server goes away and comes back on the same port and database: the page reconnects by itself.
  const stepBeforeRestart = Number(await page.locator("#table").getAttribute("data-step"));
  await server.stop({ keep: true });
  await page.waitForSelector(".link-state.down");
  const again = await startServer(args.court, { port: server.port, dir: server.dir });
  try {
    await page.waitForSelector(".link-state.up", { timeout: 60_000 });
    await page.waitForFunction((s) => Number(document.getElementById("table").dataset.step) >= s, stepBeforeRestart);
    check((await page.locator("#table").getAttribute("data-seat")) === "1", "after the restart the page is seat 1 again");
    if (!(await waitForTurnOrEnd(page))) await clickRandomAction(page, random);
    check(record.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load/.test(e)).length === 0,
      `page errors: ${record.errors.join("; ")}`);
  } finally {
    await again.stop({ keep: true });
  }
  console.log(`reload: resumed seat 1 at step ${after} (was ${before}); reconnected after a restart at step ${stepBeforeRestart}`);
});
