// A person plays Intrigue against two bots to the end in the page; no other seat's hand card or
// face-down support card ever reaches the page (frames or DOM).
import {
  check, checkPageLeaksNothing, checkPlantedCardCaught, createTableFromLobby, makeRandom, newPage, playToEnd,
  replayViews, runTest,
} from "./lib.mjs";
import { hiddenBySteps, intrigueSecrets, intrigueTitles, titleTokens } from "./leaks.mjs";

await runTest("browser.intrigue", async ({ server, browser }) => {
  const { page, record } = await newPage(browser);
  const code = await createTableFromLobby(page, server.base, {
    game: "intrigue",
    seats: ["human", "heuristic", "random"],
    name: "Grace",
  });
  const moves = await playToEnd(page, makeRandom(7));
  await page.waitForSelector("#game-over");
  check(record.errors.length === 0, `page errors: ${record.errors.join("; ")}`);

  const { steps, views } = await replayViews(server.base, code);
  const tokensIn = titleTokens(intrigueTitles(views));
  const hidden = hiddenBySteps(views, 0, intrigueSecrets, tokensIn);
  const shots = await page.evaluate(() => window.__domShots);
  checkPageLeaksNothing({ frames: record.frames, shots, views, hidden, tokensIn });

  const hiddenSteps = hidden.filter((s) => s.size > 0).length;
  check(hiddenSteps > steps / 4, `secrets at only ${hiddenSteps} of ${steps} steps`);
  checkPlantedCardCaught(hidden, tokensIn, hidden.findIndex((s) => s.size > 0));
  console.log(`intrigue: ${steps} steps, ${moves} by the person, ${record.frames.length} frames, ${shots.length} DOM versions checked`);
});
