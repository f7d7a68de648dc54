// A person plays Belle of the Ball to the end against bots using only the table (the move list stays
// folded): at each turn the test picks a random legal move from the state message (a kind, then a move
// of it), performs its gesture (a card from the hand into the clique, onto a single or a couple, onto the
// Belle place; a click on a lit guest; a repelled guest put on a clique or the discard pile; a button)
// and checks that the page sent exactly that move. Once at desktop size with the mouse (every third move
// by the keyboard: focus, Enter), once at phone size with taps. No other seat's hand, face-down gift or
// the deck ever reaches the page (frames or DOM).
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  check, checkCardNamesHidden, checkNoSideScroll, checkSentMove, dataCardNames, lastSentMove, makeRandom,
  openFoldedTable, runTest, waitForNextStep, waitForTableTurn,
} from "./lib.mjs";
import { belleHiddenBySteps } from "./leaks.mjs";

/**
 * The gesture that makes `move` on the table: `how` is "click", "tap" or "keys" (focus, then Enter: the
 * keyboard equivalent of each gesture).
 */
async function perform(page, state, move, how) {
  const press = async (selector) => {
    const target = (typeof selector === "string" ? page.locator(selector) : selector).first();
    if (how === "tap") return target.tap();
    if (how === "click") return target.click();
    await target.focus();
    await page.keyboard.press("Enter");
  };
  const p = move.parts;
  const me = state.seat;
  const handCard = (id) => `.belle-hand [data-card="${id}"]`;
  // A clique as a place: a click on its head reaches the clique, not one of its guests; keys focus it.
  const clique = (seat) => (how === "keys" ? `[data-clique="${seat}"]` : `[data-clique="${seat}"] .clique-head`);
  const unit = (id) => `[data-unit="${id}"]`;
  switch (p.kind) {
    case "invite":
    case "replace":
      await press(handCard(p.card));
      await press(clique(me));
      return;
    case "couple":
    case "gift":
      await press(handCard(p.card));
      await press(unit(p.unit));
      return;
    case "invite_belle":
      await press(handCard(p.card));
      await press('[data-place="belle"]');
      return;
    case "replace_couple": {
      const under = state.view.hand.find((c) => c.id === p.under);
      await press(handCard(p.card));
      await press(clique(me));
      const choice = page.locator(".choice-menu button.choice", { hasText: `${under.name} under it` });
      await press(choice);
      return;
    }
    case "dismiss":
    case "welcome":
    case "attract_mingler":
      await press(`[data-mingler="${p.mingler}"].lit`);
      return;
    case "attract":
    case "attract_couple":
      await press(`${unit(p.unit)}.lit`);
      return;
    case "repel":
      await press(unit(p.unit));
      await press(p.discard ? '[data-place="discard"]' : clique(p.seat));
      return;
    default:
      await press(`.belle-actions button[data-kind="${p.kind}"]`);
  }
}

/** A random legal move: a random kind first, so buttons such as "no gift" are not drowned by the many gifts. */
function pickMove(legal, random) {
  const kinds = [...new Set(legal.map((m) => m.parts.kind))];
  const kind = kinds[random(kinds.length)];
  const moves = legal.filter((m) => m.parts.kind === kind);
  return moves[random(moves.length)];
}

/** A whole game at one size; returns what the leak checks need. */
async function playGame(server, browser, { width, height, touch, seats, seed, out, shot, pickupShot }) {
  const { context, page, record, code } =
    await openFoldedTable(browser, server.base, { game: "belle", seats, width, height, touch });
  const random = makeRandom(seed);
  const kinds = new Map();
  let moves = 0;
  let picked = false;
  let byKeys = 0;
  for (;;) {
    const state = await waitForTableTurn(page, record);
    if (!state) break;
    const move = pickMove(state.legal, random);
    if (++moves === 6) await page.screenshot({ animations: "disabled", path: path.join(out, shot), fullPage: true });
    if (!picked && moves > 2 && ["invite", "couple", "gift"].includes(move.parts.kind)) {
      // A guest picked up: its places light up (a screenshot), and Escape puts it back.
      const card = page.locator(`.belle-hand [data-card="${move.parts.card}"]`).first();
      await (touch ? card.tap() : card.click());
      check((await page.locator(".drop-target").count()) > 0, "a picked-up card lights its places");
      await page.screenshot({ animations: "disabled", path: path.join(out, pickupShot), fullPage: true });
      if (touch) await checkNoSideScroll(page, "phone, a card picked up");
      await page.keyboard.press("Escape");
      check((await page.locator(".drop-target").count()) === 0, "Escape puts the card back");
      picked = true;
    }
    // At desktop size every third move (and every choice from a menu) is made with the keyboard.
    const how = touch ? "tap" : moves % 3 === 0 || move.parts.kind === "replace_couple" ? "keys" : "click";
    try {
      await perform(page, state, move, how);
      await waitForNextStep(page, state.step);
    } catch (e) {
      await page.screenshot({ animations: "disabled", path: path.join(out, `belle-failed-${width}.png`), fullPage: true });
      throw new Error(`step ${state.step}: the ${how} gesture for "${move.label}" ${JSON.stringify(move.parts)} sent no move (sent last: ${JSON.stringify(lastSentMove(record))}): ${e.message}`);
    }
    checkSentMove(record, state, move);
    kinds.set(move.parts.kind, (kinds.get(move.parts.kind) ?? 0) + 1);
    if (how === "keys") ++byKeys;
    if (touch && moves % 10 === 1) await checkNoSideScroll(page, `phone, move ${moves}`);
  }
  await page.waitForSelector("#game-over");
  if (touch) await checkNoSideScroll(page, "phone, game over");
  check(record.errors.length === 0, `page errors: ${record.errors.join("; ")}`);
  check(moves > 5, `only ${moves} moves by the person`);
  check(picked, "no turn offered a card to pick up for the screenshot");
  check(touch || byKeys > 1, `only ${byKeys} moves made with the keyboard`);
  const shots = await page.evaluate(() => window.__domShots);
  await context.close();
  console.log(`belle ${width}x${height}${touch ? " touch" : ""}: ${moves} moves by gestures, ${byKeys} by keys (${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")})`);
  return { code, record, shots, kinds };
}

await runTest("browser.table-belle", async ({ server, browser, args }) => {
  const out = args.out ?? "build/release/screenshots";
  mkdirSync(out, { recursive: true });
  // Every card name in the shipped data, so a card that stays in the deck all game is still a token.
  const names = dataCardNames("belle", ["guests.toml", "belles.toml"]);
  const desktop = await playGame(server, browser, {
    width: 1280, height: 900, touch: false, seats: ["human", "heuristic", "random"], seed: 11, out,
    shot: "belle-table-desktop.png", pickupShot: "belle-table-pickup.png",
  });
  const phone = await playGame(server, browser, {
    width: 390, height: 844, touch: true, seats: ["human", "random"], seed: 5, out,
    shot: "belle-table-phone.png", pickupShot: "belle-table-phone-pickup.png",
  });
  const played = new Set([...desktop.kinds.keys(), ...phone.kinds.keys()]);
  for (const kind of ["invite", "couple"]) check(played.has(kind), `no "${kind}" gesture was played`);
  check(played.has("gift") || played.has("no_gift"), "no gift step was played");
  // No frame or DOM version of seat 0's page shows another seat's hand or gift, or the deck.
  const hiddenOf = (views, tokensIn) => belleHiddenBySteps(views, 0, names, tokensIn);
  for (const run of [desktop, phone]) await checkCardNamesHidden(server.base, run, { game: "belle", names, hiddenOf });
});
