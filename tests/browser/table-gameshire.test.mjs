// A person plays Gameshire to the end using only the table (the move list stays folded): at each turn
// the test picks a random legal move from the state message, performs its gesture (a market card
// clicked; the plan turned with the buttons or R/M until it matches, then hovered and clicked over the
// map, or tapped twice on a phone, or moved with the arrow keys and recorded with Enter; a square, a gift
// or a skill clicked; pass and keep pressed) and checks that the page sent exactly that move. Once at
// desktop size with the mouse (a bot beside the person, so the other map shows small), once at phone
// size with taps (solo). No card still in the season deck is ever named on the page (frames or DOM).
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  check, checkCardNamesHidden, checkNoSideScroll, checkSentMove, dataCardNames, getJson, makeRandom, openFoldedTable,
  runTest, waitForNextStep, waitForTableTurn,
} from "./lib.mjs";
import { gameshireHiddenBySteps } from "./leaks.mjs";

const kColumns = "LABCDEFR";

const cellOf = (name) => ({ row: Number(name.slice(1)), col: kColumns.indexOf(name[0]) });
const nameOf = (row, col) => `${kColumns[col]}${row}`;

/**
 * A random legal move: a kind first (so a turn with hundreds of "write" moves does not crowd out the
 * rest), then a move of that kind. Placements on a crown whose gift is still open are preferred, so the
 * game has a fair chance to reach Autumn, and skills used on the map, so their gestures get played.
 */
function pickMove(state, random) {
  const byKind = new Map();
  for (const m of state.legal) byKind.set(m.parts.kind, [...(byKind.get(m.parts.kind) ?? []), m]);
  const kinds = [...byKind.keys()];
  const kind = kinds[random(kinds.length)];
  let moves = byKind.get(kind);
  if (kind === "place_plan") {
    const me = state.view.players.find((p) => p.seat === state.seat);
    const pool = state.view.team ?? me.own;
    const open = new Set(pool.gifts.filter((g) => g.value === null).map((g) => g.column));
    const crowns = new Set(me.squares.crowns.filter((c) => open.has(c[0])));
    const crowning = moves.filter((m) => m.parts.cells.some((c) => crowns.has(c.cell)));
    if (crowning.length > 0 && random(6) > 0) moves = crowning;
  }
  if (kind === "use_skill") {
    // The skills whose gestures are on the map or the card (erase, write, leave out) come first.
    const onTheMap = moves.filter((m) => ["erase", "write", "omit"].includes(m.parts.effect));
    if (onTheMap.length > 0 && random(4) > 0) moves = onTheMap;
  }
  return moves[random(moves.length)];
}

/** Turns the shape with the buttons (or R and M) until the map shows transform `want`. */
async function turnTo(page, want, { touch, keyboard }) {
  const map = page.locator("#gs-map");
  for (let i = 0; i < 8; ++i) {
    const t = Number(await map.getAttribute("data-transform"));
    if (t === want) return;
    const mirror = (t >= 4) !== (want >= 4);
    if (keyboard) await page.keyboard.press(mirror ? "m" : "r");
    else if (touch) await page.locator(mirror ? "#gs-mirror" : "#gs-rotate").tap();
    else await page.locator(mirror ? "#gs-mirror" : "#gs-rotate").click();
  }
  throw new Error(`the shape did not reach transform ${want}`);
}

/** The map square under which the shape's handle must be for the placement `p`. */
async function handleSquare(page, p) {
  const [hr, hc] = (await page.locator("#gs-map").getAttribute("data-handle")).split(",").map(Number);
  const anchor = cellOf(p.anchor);
  return nameOf(anchor.row + hr, anchor.col + hc);
}

async function place(page, p, { touch, keyboard, shot }) {
  const map = page.locator("#gs-map");
  const tool = page.locator(`button[data-tool="place"]`);
  if (await tool.count()) await (touch ? tool.tap() : tool.click());
  if (keyboard) await map.focus();
  await turnTo(page, p.rotation + (p.mirrored ? 4 : 0), { touch, keyboard });
  const target = await handleSquare(page, p);
  const square = map.locator(`[data-cell="${target}"]`);
  if (keyboard) {
    // The first arrow shows the cursor where it is; then walk it to the target and press Enter.
    await page.keyboard.press("ArrowRight");
    for (let i = 0; i < 20; ++i) {
      const at = cellOf(await map.getAttribute("data-cursor"));
      const to = cellOf(target);
      if (at.row === to.row && at.col === to.col) break;
      await page.keyboard.press(at.row < to.row ? "ArrowDown" : at.row > to.row ? "ArrowUp" : at.col < to.col ? "ArrowRight" : "ArrowLeft");
    }
    check((await map.getAttribute("data-cursor")) === target, `the cursor reached ${target}`);
    check((await map.getAttribute("data-ghost")) === "ok", `the ghost is green at ${target} (keyboard)`);
    if (shot) await shot();
    await page.keyboard.press("Enter");
  } else if (touch) {
    await square.tap();
    check((await map.getAttribute("data-ghost")) === "ok", `the ghost is green at ${target} after a tap`);
    if (shot) await shot();
    await square.tap();
  } else {
    await square.hover();
    check((await map.getAttribute("data-ghost")) === "ok", `the ghost is green at ${target} under the pointer`);
    if (shot) await shot();
    await square.click();
  }
}

/** The gesture that makes `move` on the table. */
async function perform(page, state, move, opts) {
  const { touch, record } = opts;
  const press = (locator) => (touch ? locator.first().tap() : locator.first().click());
  const p = move.parts;
  const map = page.locator("#gs-map");
  const square = (name) => map.locator(`[data-cell="${name}"]`);
  const useTool = async (tool) => {
    const b = page.locator(`button[data-tool="${tool}"]`);
    if (await b.count()) await press(b);
  };
  const marketCard = page.locator(`.gs-market .gs-cards [data-slot="${p.slot}"]`);
  switch (p.kind) {
    case "choose":
      // An Autumn demand on a phone: a first tap marks where it can be met, a second chooses it.
      if (touch && state.view.season === "Autumn") {
        const sentBefore = (record.sent ?? []).length;
        await marketCard.tap();
        check((record.sent ?? []).length === sentBefore,
          `a first tap on an Autumn demand only marks it; it sent ${JSON.stringify((record.sent ?? []).slice(sentBefore))}`);
        // A tap that leaves the card unarmed is made again, as a person would (seen once in CI: the marked
        // squares did not match the demand right after the tap; the cause is not known). The marks must
        // then show, waited for a moment as a person's eye would.
        if (!(await marketCard.evaluate((el) => el.classList.contains("gs-armed")))) await marketCard.tap();
        await page.waitForFunction((n) => document.querySelectorAll("#gs-map .gs-preview").length === n, p.meets.length,
          { timeout: 2000 }).catch(() => {});
        const marked = await map.locator(".gs-preview").count();
        check(marked === p.meets.length,
          `a tapped demand marks the squares where it can be met (${p.meets.length} squares; ${marked} marked)`);
      } else if (!touch) {
        await marketCard.hover();
      }
      return press(marketCard);
    case "discard":
      return press(marketCard);
    case "place_plan":
    case "shade_plan":
      return place(page, p, opts);
    case "omit":
      return press(page.locator(`.gs-current [data-square="${p.square}"]`));
    case "use_skill":
      await press(page.locator(`.gs-mine [data-skill="${p.crop}"]`));
      if (p.effect === "swap_resource" || p.effect === "return_plan") {
        await press(page.locator(`.gs-mine .gs-skill-menu [data-target="${p.slot ?? p.card}"]`));
      }
      return;
    case "erase":
    case "unshade":
      await useTool("erase");
      return press(square(p.cell));
    case "write":
      await useTool("write");
      await press(square(p.cell));
      return press(page.locator(`.gs-write-menu [data-write="${p.value}"]`));
    case "shade_gift":
      await useTool("gift");
      return press(square(p.cell));
    case "deliver":
      return press(page.locator(`.gs-mine [data-gift="${p.column}"]`));
    case "pass":
      return press(page.locator("#gs-pass"));
    case "keep":
      return press(page.locator("#gs-keep"));
    default:
      throw new Error(`no gesture for ${JSON.stringify(p)}`);
  }
}

/** A red ghost sends nothing: over the border in Spring no plan can be recorded. */
async function checkRedGhost(page, record, touch) {
  const corner = page.locator('#gs-map [data-cell="L0"]');
  const before = (record.sent ?? []).length;
  if (touch) await corner.tap();
  else await corner.hover();
  check((await page.locator("#gs-map").getAttribute("data-ghost")) === "bad", "the ghost is red over the border in Spring");
  if (touch) await corner.tap();
  else await corner.click();
  await page.waitForTimeout(300);
  check((record.sent ?? []).length === before, "a click on a red ghost sends nothing");
}

/** A whole game at one size; returns what the leak checks need. */
async function playGame(server, browser, { width, height, touch, seats, seed, out, shot }) {
  const { context, page, record, code } =
    await openFoldedTable(browser, server.base, { game: "gameshire", seats, width, height, touch });
  const random = makeRandom(seed);
  const kinds = new Map();
  let moves = 0;
  let placements = 0;
  let autumnShot = false;
  let redChecked = false;
  let keyboardMoves = 0;
  for (;;) {
    const state = await waitForTableTurn(page, record);
    if (!state) break;
    moves++;
    const move = pickMove(state, random);
    const kind = move.parts.kind;
    const spring = state.view.season === "Spring";
    if (!redChecked && spring && kind === "place_plan") {
      await checkRedGhost(page, record, touch);
      redChecked = true;
    }
    let takeShot;
    if (kind === "place_plan" && ++placements === 4) takeShot = () => page.screenshot({ animations: "disabled", path: path.join(out, shot), fullPage: true });
    if (!spring && !autumnShot && (kind === "shade_plan" || kind === "choose")) {
      const name = touch ? "gameshire-table-phone-autumn.png" : "gameshire-table-autumn.png";
      if (kind === "shade_plan") takeShot = () => page.screenshot({ animations: "disabled", path: path.join(out, name), fullPage: true });
      else await page.screenshot({ animations: "disabled", path: path.join(out, name), fullPage: true });
      autumnShot = true;
    }
    const keyboard = !touch && (kind === "place_plan" || kind === "shade_plan") && random(3) === 0;
    if (keyboard) keyboardMoves++;
    await perform(page, state, move, { touch, keyboard, shot: takeShot, record });
    await waitForNextStep(page, state.step);
    checkSentMove(record, state, move);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    if (touch && moves % 10 === 1) await checkNoSideScroll(page, `phone, move ${moves}`);
  }
  await page.waitForSelector("#game-over");
  if (touch) await checkNoSideScroll(page, "phone, game over");
  await page.screenshot({ animations: "disabled", path: path.join(out, touch ? "gameshire-table-phone-over.png" : "gameshire-table-over.png"), fullPage: true });
  check(record.errors.length === 0, `page errors: ${record.errors.join("; ")}`);
  check(placements >= 4, `only ${placements} placements by the person`);
  check(redChecked, "no Spring placement to check the red ghost on");
  const shots = await page.evaluate(() => window.__domShots);
  await context.close();
  const reached = autumnShot ? "reached Autumn" : "ended in Spring";
  console.log(`gameshire ${width}x${height}${touch ? " touch" : ""}: ${moves} moves by gestures (${keyboardMoves} placements by the keyboard), ${reached} (${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")})`);
  return { code, record, shots, kinds };
}

await runTest("browser.table-gameshire", async ({ server, browser, args }) => {
  const out = args.out ?? "build/release/screenshots";
  mkdirSync(out, { recursive: true });
  // Card names the rules page uses as examples may show on any page (a "How to play" panel), so they
  // are not tokens; every other season card is.
  const rulesText = (await getJson(`${server.base}/api/games/gameshire/rules`)).markdown;
  const names = new Set([...dataCardNames("gameshire", ["seasons.toml"])].filter((n) => !rulesText.includes(n)));
  check(names.size >= 10, `only ${names.size} season card names to look for`);
  const desktop = await playGame(server, browser, {
    width: 1280, height: 900, touch: false, seats: ["human", "greedy"], seed: 3, out, shot: "gameshire-table-desktop.png",
  });
  const phone = await playGame(server, browser, {
    width: 390, height: 844, touch: true, seats: ["human"], seed: 8, out, shot: "gameshire-table-phone.png",
  });
  const played = new Set([...desktop.kinds.keys(), ...phone.kinds.keys()]);
  for (const kind of ["choose", "place_plan"]) check(played.has(kind), `no "${kind}" gesture was played`);
  // No frame or DOM version of seat 0's page names a season card still hidden in the deck.
  const hiddenOf = (views, tokensIn) => gameshireHiddenBySteps(views, names, tokensIn);
  for (const run of [desktop, phone]) await checkCardNamesHidden(server.base, run, { game: "gameshire", names, hiddenOf });
});
