// A person plays Intrigue to the end against two bots using only the table (the move list stays
// folded): cards picked up from the hand and put behind a character, on an edge's end, on a target, on
// the deck or the discard pile; favors onto the favor stack; tokens taken by clicking them. Once at
// desktop size with the mouse (some moves by keyboard) and once at phone size with taps. Each move is
// a random legal one from the state message, and after each gesture the move sent must be that one.
// The frames and DOM versions are checked for other seats' secrets, as in intrigue.test.mjs.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  check, checkLogKept, checkNoSideScroll, checkPageLeaksNothing, createTableFromLobby, lastSentMove, makeRandom, newPage, replayViews,
  runTest, waitForNextStep, waitForTableTurn,
} from "./lib.mjs";
import { hiddenBySteps, intrigueSecrets, intrigueTitles, titleTokens } from "./leaks.mjs";

/** The words the table's menu gives a move at a place with several (render/intrigue/gestures.ts). */
function menuName(parts, card) {
  switch (parts.kind) {
    case "play_face_down": return "Face-down";
    case "play_face_up": return parts.effect === "discard" ? "Face-up, then discard a card" : "Face-up, then draw a card";
    case "play_action":
      if (parts.effect === "misinformation") return `to ${parts.to_edge}`;
      if (parts.effect === "manipulate") return `give ${parts.give}`;
      return card.title;
    default: return undefined;
  }
}

/** The element a move's card goes onto (or the token it takes), as a CSS selector inside the table. */
function placeOf(parts, card) {
  switch (parts.kind) {
    case "play_face_down":
    case "play_face_up": return `[data-character="${parts.character}"]`;
    case "place_relationship":
      return card.symmetric ? `[data-edge="${parts.edge}"]` : `[data-edge="${parts.edge}"] [data-end="${parts.from}"]`;
    case "discard": return "#ig-discard";
    case "play_action":
      switch (parts.effect) {
        case "oracle": return "#ig-deck";
        case "lies": return `[data-edge="${parts.edge}"]`;
        case "misinformation": return `[data-edge="${parts.from_edge}"]`;
        case "manipulate": return `[data-held-token="${parts.take}"]`;
        default: return `[data-character="${parts.character}"]`;
      }
  }
  throw new Error(`no place for ${JSON.stringify(parts)}`);
}

/**
 * Performs the gesture for `move` on the table: `press` is a click, a tap or a keyboard press.
 * Returns what was done, for failure messages.
 */
async function perform(page, state, move, press, menuShot) {
  const parts = move.parts;
  const inTable = (selector) => page.locator(`#table ${selector}`).first();
  // As a person would, the gesture starts once the pieces have slid to where the last moves put them.
  await page.waitForFunction(() => document.getAnimations()
    .every((a) => a instanceof CSSAnimation || a instanceof CSSTransition || a.playState !== "running"));
  if (parts.kind === "take_token") {
    await press(inTable(`button.ig-token[data-token="${parts.token}"]`));
    return `took token ${parts.token}`;
  }
  if (parts.kind === "play_favor") {
    const favor = inTable(`.ig-favor[data-letter="${parts.character}"]`);
    await press(favor);
    // Left unheld by the press (seen twice in CI, a card at a game's first move and a favor at move 43,
    // no frame arriving in between; the cause is not known): picked up again, as for cards below.
    if (!(await favor.evaluate((el) => el.classList.contains("picked")))) await press(favor);
    check(await inTable("#ig-favor-stack").evaluate((el) => el.classList.contains("drop-target")),
      `picking up favor ${parts.character} did not light the favor stack`);
    await press(inTable("#ig-favor-stack"));
    return `put favor ${parts.character} on the favor stack`;
  }
  const card = state.view.hand.find((c) => c.id === parts.card);
  check(card, `card ${parts.card} of move '${move.label}' is not in the hand`);
  const piece = inTable(`.ig-hand-cards [data-card="${card.id}"]`);
  await press(piece);
  // A press that leaves the card unheld (seen once in CI, at a game's first move; the cause is not known)
  // is made again. A card held that lights the wrong places still fails.
  if (!(await piece.evaluate((el) => el.classList.contains("picked")))) await press(piece);
  const place = placeOf(parts, card);
  check(await inTable(place).evaluate((el) => el.classList.contains("drop-target")),
    `picking up ${card.title} did not light ${place} (for '${move.label}')`);
  await press(inTable(place));
  const menu = page.locator("#table .choice-menu");
  if ((await menu.count()) > 0) {
    if (menuShot && !menuShot.taken) {
      await page.screenshot({ animations: "disabled", path: menuShot.file });
      menuShot.taken = true;
    }
    const name = menuName(parts, card);
    const item = menu.getByRole("menuitem", { name, exact: true });
    check((await item.count()) === 1, `the menu at ${place} has no '${name}' (for '${move.label}'): ${await menu.innerText()}`);
    await press(item);
    return `${card.title} onto ${place}, menu '${name}'`;
  }
  return `${card.title} onto ${place}`;
}

function pressWith(kind) {
  if (kind === "tap") return (locator) => locator.tap();
  if (kind === "keys") {
    return async (locator) => {
      await locator.focus();
      await locator.press("Enter");
    };
  }
  return (locator) => locator.click();
}

/**
 * A whole-page screenshot. On a phone the hand sticks to the bottom of the window; scrolled to the end,
 * it stands in its own place and covers no part of the board in the picture.
 */
async function shoot(page, file) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.screenshot({ animations: "disabled", path: file, fullPage: true });
}

/** Picks up a card whose places are many (a relationship, else the first) for the screenshot, then puts it back. */
async function shootPickedCard(page, state, file, press) {
  const hand = state.view.hand ?? [];
  const card = hand.find((c) => c.type === "relationship" && !c.symmetric) ?? hand.find((c) => c.type === "support") ?? hand[0];
  if (!card) return false;
  await press(page.locator(`#table .ig-hand-cards [data-card="${card.id}"]`).first());
  const lit = await page.locator("#table .drop-target").count();
  check(lit > 0, `picking up ${card.title} lit no place`);
  await shoot(page, file);
  await page.keyboard.press("Escape");
  check((await page.locator("#table .drop-target").count()) === 0, "Escape did not put the card back");
  return true;
}

/** One whole game by gestures; returns the page's record and the table code. */
async function playOnTable(browser, server, { width, height, touch, seed, out, name }) {
  const { page, record } = await newPage(browser, { width, height, moveList: false, touch });
  const code = await createTableFromLobby(page, server.base, {
    game: "intrigue",
    seats: ["human", "heuristic", "random"],
    name: "Grace",
  });
  try {
    return await playGame(page, record, code, { touch, seed, out, name });
  } catch (e) {
    // The lobby deals from a fresh seed, so a failure's position differs from run to run: the frames
    // the page last received (its view and legal moves) go to a file beside the screenshots.
    const file = path.join(out, `intrigue-table-${name}-failure.json`);
    writeFileSync(file, JSON.stringify({ code, error: String(e), frames: record.frames.slice(-4).map((f) => JSON.parse(f)) }, null, 1));
    await page.screenshot({ path: path.join(out, `intrigue-table-${name}-failure.png`), fullPage: true }).catch(() => {});
    throw new Error(`${e.message} (table ${code}; its last frames: ${file})`);
  }
}

async function playGame(page, record, code, { touch, seed, out, name }) {
  const random = makeRandom(seed);
  const counts = {};
  let moves = 0;
  let pickedShot = false;
  let cutLogs = 0;   // frames that carried only the log's most recent lines
  const menuShot = { file: path.join(out, `intrigue-table-${name}-menu.png`), taken: false };
  for (;;) {
    const state = await waitForTableTurn(page, record);
    if (!state) break;
    check(await page.locator("details.move-list[open]").count() === 0, "the move list is open");
    if (touch) await checkNoSideScroll(page, `${name}, step ${state.step}`);
    if (await checkLogKept(page, state, `${name}, step ${state.step}`)) cutLogs++;
    if (moves === 4) await shoot(page, path.join(out, `intrigue-table-${name}.png`));
    if (!pickedShot && moves >= 1 && state.view.phase === "turn") {
      const file = path.join(out, name === "desktop" ? "intrigue-table-picked.png" : `intrigue-table-${name}-picked.png`);
      pickedShot = await shootPickedCard(page, state, file, pressWith(touch ? "tap" : "click"));
    }
    // A random legal move among the kinds (an action counts by its effect) tried least so far, so that
    // every kind of gesture turns up in a short game.
    const tallyOf = (m) => (m.parts.kind === "play_action" ? `play_action:${m.parts.effect}` : m.parts.kind);
    const fewest = Math.min(...state.legal.map((m) => counts[tallyOf(m)] ?? 0));
    const candidates = state.legal.filter((m) => (counts[tallyOf(m)] ?? 0) === fewest);
    const move = candidates[random(candidates.length)];
    const how = touch ? "tap" : moves % 3 === 2 ? "keys" : "click";
    const sentBefore = record.sent?.length ?? 0;
    const done = await perform(page, state, move, pressWith(how), menuShot);
    for (let tries = 0; (record.sent?.length ?? 0) === sentBefore; ++tries) {
      check(tries < 100, `${name} step ${state.step}: '${move.label}' by ${how} (${done}) sent nothing`);
      await page.waitForTimeout(50);
    }
    await waitForNextStep(page, state.step);
    const sent = lastSentMove(record);
    check(sent?.action === move.action,
      `${name} step ${state.step}: meant '${move.label}' (${move.action}) by ${how}: ${done}; sent ${JSON.stringify(sent)}`);
    counts[tallyOf(move)] = (counts[tallyOf(move)] ?? 0) + 1;
    if (++moves > 400) throw new Error("the game did not end within 400 of our moves");
  }
  await page.waitForSelector("#game-over");
  if (touch) await checkNoSideScroll(page, `${name}, game over`);
  await shoot(page, path.join(out, `intrigue-table-${name}-end.png`));
  check(record.errors.length === 0, `${name}: page errors: ${record.errors.join("; ")}`);
  console.log(`${name}: ${moves} moves by gestures: ${JSON.stringify(counts)}`);
  return { page, record, code, cutLogs };
}

/** No other seat's hand card or face-down card reached the page, in frames or DOM versions. */
async function checkNoLeaks(server, { page, record, code }, name) {
  const { steps, views } = await replayViews(server.base, code);
  const tokensIn = titleTokens(intrigueTitles(views));
  const hidden = hiddenBySteps(views, 0, intrigueSecrets, tokensIn);
  const shots = await page.evaluate(() => window.__domShots);
  checkPageLeaksNothing({ frames: record.frames, shots, views, hidden, tokensIn }, name);
  const hiddenSteps = hidden.filter((s) => s.size > 0).length;
  check(hiddenSteps > steps / 4, `${name}: secrets at only ${hiddenSteps} of ${steps} steps`);
  console.log(`${name}: ${steps} steps, ${record.frames.length} frames, ${shots.length} DOM versions checked for leaks`);
}

await runTest("browser.table-intrigue", async ({ server, browser, args }) => {
  const out = args.out ?? "screenshots";
  mkdirSync(path.join(out, "more"), { recursive: true });
  const desktop = await playOnTable(browser, server, { width: 1280, height: 900, touch: false, seed: 11, out, name: "desktop" });
  await checkNoLeaks(server, desktop, "desktop");
  await desktop.page.context().close();
  const phone = await playOnTable(browser, server, { width: 390, height: 844, touch: true, seed: 12, out, name: "phone" });
  await checkNoLeaks(server, phone, "phone");
  await phone.page.context().close();
  let cutLogs = desktop.cutLogs + phone.cutLogs;
  // A second game at each size, for more of the rarer actions (Assassination, Virtue, Misinformation).
  for (const [size, seed] of [["desktop", 13], ["phone", 14]]) {
    const touch = size === "phone";
    const again = await playOnTable(browser, server, {
      width: touch ? 390 : 1280, height: touch ? 844 : 900, touch, seed, out: path.join(out, "more"), name: size,
    });
    await checkNoLeaks(server, again, `${size}, second game`);
    await again.page.context().close();
    cutLogs += again.cutLogs;
  }
  // A short game may never pass 40 log lines at the person's turn; over the four games some frames must
  // have carried a cut log, or keeping the lines was not tried.
  check(cutLogs > 0, "no frame carried a cut log in four games, so keeping the lines was not tried");
});
