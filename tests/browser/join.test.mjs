// Two people at one table: the first creates it in the lobby with a second seat for a person, the
// second opens the invite link in another browser, takes the free seat by name, and both play.
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  check, clickRandomAction, createTableFromLobby, joinFromInvite, makeRandom, newPage, runTest, waitForTurnOrEnd,
} from "./lib.mjs";

await runTest("browser.join", async ({ server, browser, args }) => {
  const ada = await newPage(browser);
  // A table for two people cannot choose its seed (it would show every hand): the field is disabled,
  // with the reason; with one person it may.
  await ada.page.goto(`${server.base}/#/`);
  await ada.page.waitForSelector("#create");
  await ada.page.selectOption("#game", "intrigue");
  // Each offered bot shows its rating beside its title (data/ratings.toml; `court rate`): normal is the anchor.
  const seatBots = await ada.page.locator('select[name="seat1"] option').allTextContents();
  check(seatBots.includes("Normal · 1500"), `the normal bot shows no rating: ${seatBots.join(" | ")}`);
  check(seatBots.some((t) => /^Strong · \d+ ± \d+$/.test(t)), `the strong bot shows no rating: ${seatBots.join(" | ")}`);
  await ada.page.click("details.options summary");
  check(!(await ada.page.locator("#seed").isDisabled()), "one person may choose the seed");
  await ada.page.selectOption('select[name="seat1"]', "human");
  check(await ada.page.locator("#seed").isDisabled(), "two people may not choose the seed");
  check(await ada.page.locator("#seed-note").isVisible(), "the lobby says why the seed is random");
  const out = args.out ?? path.resolve("screenshots");
  mkdirSync(out, { recursive: true });
  await ada.page.screenshot({ animations: "disabled", path: path.join(out, "lobby-two-people.png"), fullPage: true });
  await ada.page.setViewportSize({ width: 390, height: 844 });   // a phone
  await ada.page.locator("#seed").scrollIntoViewIfNeeded();
  await ada.page.screenshot({ animations: "disabled", path: path.join(out, "lobby-two-people-phone.png") });
  // A rated bot with its interval, on a phone: the seat's select says "Strong · 1545 ± 29".
  await ada.page.selectOption('select[name="seat2"]', "strong");
  await ada.page.locator('select[name="seat2"]').scrollIntoViewIfNeeded();
  await ada.page.screenshot({ animations: "disabled", path: path.join(out, "lobby-seat-rating-phone.png") });
  await ada.page.setViewportSize({ width: 1280, height: 900 });

  const code = await createTableFromLobby(ada.page, server.base, {
    game: "intrigue",
    seats: ["human", "human", "heuristic"],
    name: "Ada",
  });
  await ada.page.waitForSelector('#table[data-status="waiting"]');

  const bob = await newPage(browser);
  check((await joinFromInvite(bob.page, server.base, code, "Bob")) === 1, "Bob takes seat 1");
  await bob.page.waitForSelector('#table[data-seat="1"][data-status="playing"]');
  await ada.page.waitForSelector('#table[data-status="playing"]');
  check((await ada.page.locator('.seat[data-seat="1"] .seat-name').textContent()) === "Bob", "Ada sees Bob at seat 1");

  // Each moves at least once; whoever has the turn moves.
  const random = makeRandom(3);
  const moved = new Set();
  for (let i = 0; i < 40 && moved.size < 2; ++i) {
    const turn = await Promise.race([
      waitForTurnOrEnd(ada.page).then((over) => (over ? "over" : "ada")),
      waitForTurnOrEnd(bob.page).then((over) => (over ? "over" : "bob")),
    ]);
    if (turn === "over") break;
    await clickRandomAction(turn === "ada" ? ada.page : bob.page, random);
    moved.add(turn);
  }
  check(moved.size === 2, `only ${[...moved].join(", ")} moved`);
  check(ada.record.errors.length === 0 && bob.record.errors.length === 0,
    `page errors: ${[...ada.record.errors, ...bob.record.errors].join("; ")}`);
  console.log(`join: Ada and Bob both moved at table ${code}`);
});
