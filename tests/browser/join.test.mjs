// Two people at one table: the first creates it in the lobby with a second seat for a person, the
// second opens the invite link in another browser, takes the free seat by name, and both play.
import { check, clickRandomAction, createTableFromLobby, makeRandom, newPage, runTest, waitForTurnOrEnd } from "./lib.mjs";

await runTest("browser.join", async ({ server, browser }) => {
  const ada = await newPage(browser);
  const code = await createTableFromLobby(ada.page, server.base, {
    game: "intrigue",
    seats: ["human", "human", "heuristic"],
    name: "Ada",
  });
  await ada.page.waitForSelector('#table[data-status="waiting"]');

  const bob = await newPage(browser);
  await bob.page.goto(`${server.base}/#/table/${code.toLowerCase()}`);
  await bob.page.waitForSelector("#join");
  check((await bob.page.locator("#table").getAttribute("data-seat")) === "spectator", "before joining Bob watches");
  await bob.page.fill('#join input[aria-label="your name"]', "Bob");
  await bob.page.click("#join button");
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
