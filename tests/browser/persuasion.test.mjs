// A person creates a Persuasion table with bots in the lobby, plays it to the end by clicking legal
// moves, and no other seat's secret card ever reaches the page (frames or DOM).
import {
  check, checkPersuasionSecrets, createTableFromLobby, getJson, makeRandom, newPage, playToEnd, runTest,
} from "./lib.mjs";
import { findLeaks, persuasionTokens } from "./leaks.mjs";

await runTest("browser.persuasion", async ({ server, browser }) => {
  const { page, record } = await newPage(browser);
  const code = await createTableFromLobby(page, server.base, {
    game: "persuasion",
    players: 4,
    seats: ["human", "heuristic", "random", "heuristic"],
    name: "Ada",
    options: { max_rounds: 12 },
  });
  check(/^[A-Z0-9]{6}$/.test(code), `table code ${code}`);
  check((await page.locator("#table").getAttribute("data-seat")) === "0", "the creator sits at seat 0");
  const moves = await playToEnd(page, makeRandom(20261122));
  await page.waitForSelector("#game-over");
  const gameOver = await page.locator("#game-over").textContent();
  check(/Game over/.test(gameOver), "the end-of-game screen shows");
  check((await page.locator("#replay-link").count()) === 1, "the end-of-game screen links to the replay");
  check(moves > 0, "the person made moves");
  check(record.errors.length === 0, `page errors: ${record.errors.join("; ")}`);

  // No secret reached the page, and the check is not vacuous: other seats held cards we did not know,
  // the page showed our own cards as tokens the check reads, and a planted secret is caught.
  const { steps, hidden, shots } = await checkPersuasionSecrets(server.base, { code, page, record }, "page");
  const planted = [...hidden[0]][0];
  check(findLeaks({ frames: [`{"step":0,"x":"${planted}"}`], shots: [], hidden, tokensIn: persuasionTokens }).length === 1,
    "a planted hidden card is caught");
  const finished = await getJson(`${server.base}/api/tables/${code}`);
  check(finished.status === "finished" && finished.outcome, "the table is finished with an outcome");
  console.log(`persuasion: ${steps} steps, ${moves} by the person, ${record.frames.length} frames, ${shots.length} DOM versions checked`);
});
