// A person creates a Persuasion table with bots in the lobby, plays it to the end by clicking legal
// moves, and no other seat's secret card ever reaches the page (frames or DOM).
import {
  check, createTableFromLobby, getJson, makeRandom, newPage, playToEnd, replayViews, runTest,
} from "./lib.mjs";
import { findLeaks, framesMatchReplay, hiddenBySteps, persuasionSecrets, persuasionTokens } from "./leaks.mjs";

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

  const { steps, views } = await replayViews(server.base, code);
  const hidden = hiddenBySteps(views, 0, persuasionSecrets, persuasionTokens);
  const shots = await page.evaluate(() => window.__domShots);
  const mismatches = framesMatchReplay(record.frames, views, 0);
  check(mismatches.length === 0, `frames differ from the seat's own view:\n${mismatches.slice(0, 5).join("\n")}`);
  const leaks = findLeaks({ frames: record.frames, shots, hidden, tokensIn: persuasionTokens });
  check(leaks.length === 0, `hidden cards reached the page:\n${leaks.slice(0, 10).join("\n")}`);

  // The check is not vacuous: other seats held cards we did not know, the page showed our own cards
  // as tokens the check reads, and a planted secret is caught.
  check(hidden[0].size >= 10, `only ${hidden[0].size} cards hidden at the start`);
  const handShown = shots.some((s) => {
    const hand = persuasionTokens(JSON.stringify(views[s.step]?.[0]?.hand ?? []));
    return hand.size > 0 && [...hand].every((t) => s.text.includes(t));
  });
  check(handShown, "the page shows our hand as card numbers the check reads");
  const planted = [...hidden[0]][0];
  check(findLeaks({ frames: [`{"step":0,"x":"${planted}"}`], shots: [], hidden, tokensIn: persuasionTokens }).length === 1,
    "a planted hidden card is caught");
  const finished = await getJson(`${server.base}/api/tables/${code}`);
  check(finished.status === "finished" && finished.outcome, "the table is finished with an outcome");
  console.log(`persuasion: ${steps} steps, ${moves} by the person, ${record.frames.length} frames, ${shots.length} DOM versions checked`);
});
