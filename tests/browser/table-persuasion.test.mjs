// A person plays Persuasion (letterbox edition) against two bots using only the table: each turn the
// test picks a random legal move from the state message and performs its gesture (a card dragged or
// clicked onto a letterbox, a ring, a letter or a drawn card; a button), then checks that the page sent
// exactly that move. Once at desktop size with the mouse (drag, click-then-click, and the keyboard), once
// at phone size with taps. Frames and DOM versions are checked for leaks; the notepad keeps its marks.
// The character-card edition's test (table-persuasion-classic.test.mjs) runs the same play.
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  check, checkNoSideScroll, checkPersuasionSecrets, createTableFromLobby, getJson, lastSentMove, makeRandom, newPage,
  runTest, waitForNextStep, waitForTableTurn,
} from "./lib.mjs";
import { findLeaks, persuasionTokens } from "./leaks.mjs";

const kButtons = {
  independence: ".table-action.independence",
  pass: ".table-action.pass",
  keep_none: ".table-action.keep-none",
  reject_all: ".table-action.reject-all",
};

/**
 * A random legal move: first a kind (one not tried yet when there is one, so every gesture gets its
 * turn), then a move of that kind; independence, which ends a person's game early, only now and then.
 */
function pickMove(legal, random, tried) {
  let kinds = [...new Set(legal.map((m) => m.parts.kind))];
  if (kinds.length > 1 && random(10) < 9) kinds = kinds.filter((k) => k !== "independence");
  const fresh = kinds.filter((k) => !tried.has(k));
  if (fresh.length) kinds = fresh;
  const kind = kinds[random(kinds.length)];
  const of = legal.filter((m) => m.parts.kind === kind);
  return of[random(of.length)];
}

/** Where a move's gesture starts (a card in your hand) and ends (a place), or the button it presses. */
function gestureOf(parts) {
  const card = (id) => `.your-place .hand .card[data-card="${id}"]`;
  const seat = (s) => `.seats .seat-panel[data-seat="${s}"]`;
  const letter = (s) => `.your-place .letter.undecided[data-from="${s}"]`;
  switch (parts.kind) {
    case "show":
    case "invite": return { piece: card(parts.card), place: `${seat(parts.seat)} .letterbox` };
    case "propose": return { piece: card(parts.card), place: `${seat(parts.seat)} .ring` };
    case "accept":
    case "reveal": return { piece: card(parts.card), place: letter(parts.seat) };
    case "swap": return { piece: card(parts.discard), place: `.your-place .drawn-row .card[data-card="${parts.keep}"]` };
    case "discard": return { piece: card(parts.card), place: ".your-place .discard-pile" };
    case "reject":
    case "reject_invitation": return { button: `${letter(parts.seat)} button.reject` };
    case "reflect": return { button: parts.extra ? ".table-action.reflect-extra" : ".table-action.reflect" };
    default:
      if (kButtons[parts.kind]) return { button: kButtons[parts.kind] };
      throw new Error(`no gesture for ${JSON.stringify(parts)}`);
  }
}

async function centre(page, selector) {
  const box = await page.locator(selector).first().boundingBox();
  check(box, `${selector} is on the page`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags with the mouse (interact.js needs a few moves past its start threshold). Returns false without
 * dragging when the piece and its place do not fit in the window together (a person would click).
 */
async function drag(page, from, to) {
  await page.locator(to).first().scrollIntoViewIfNeeded();
  await page.locator(from).first().scrollIntoViewIfNeeded();
  const height = page.viewportSize().height;
  const a = await centre(page, from);
  const b = await centre(page, to);
  if (b.y < 0 || b.y > height || a.y < 0 || a.y > height) return false;
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; ++i) await page.mouse.move(a.x + ((b.x - a.x) * i) / 8, a.y + ((b.y - a.y) * i) / 8);
  await page.mouse.up();
  return true;
}

/** Performs `move`'s gesture in one of the ways a person may: drag, click (tap) twice, or keys. */
async function perform(page, move, how, shoot) {
  const g = gestureOf(move.parts);
  if (g.button) {
    if (how === "tap") await page.locator(g.button).first().tap();
    else await page.locator(g.button).first().click();
    return "button";
  }
  if (how === "drag") {
    if (await drag(page, g.piece, g.place)) return "drag";
    how = "click";
  }
  if (how === "keys") {
    await page.locator(g.piece).first().focus();
    await page.keyboard.press("Enter");
    await page.locator(g.place).first().focus();
    await page.keyboard.press("Enter");
    return "keys";
  }
  const piece = page.locator(g.piece).first();
  if (how === "tap") await piece.tap();
  else await piece.click();
  const lit = await page.locator(".drop-target").count();
  check(lit > 0, `picking up ${g.piece} lights its places`);
  check((await page.locator(`${g.place}.drop-target`).count()) === 1, `${g.place} lights up for ${move.label}`);
  if (shoot) await shoot();
  const place = page.locator(g.place).first();
  if (how === "tap") await place.tap({ position: { x: 6, y: 6 } });
  else await place.click({ position: { x: 6, y: 6 } });
  return how;
}

/** The notepad keeps a mark across redraws (it lives in this browser's storage). */
async function markNotepad(page, how) {
  const notepad = page.locator("#persuasion-notepad");
  if (!(await notepad.evaluate((d) => d.open))) await notepad.locator("summary").click();
  const cell = notepad.locator("button.note-cell").first();
  if (how === "tap") await cell.tap();
  else await cell.click();
  check((await cell.textContent()) === "+", "a notepad cell marks + when clicked");
  await notepad.locator("button.note-cell").nth(1).click();
  await notepad.locator("button.note-cell").nth(1).click();
  await notepad.locator("input.note-text").first().fill("likes romance?");
}

/** Plays one whole game at `size` and checks every move, the leaks and the notepad. */
export async function playTable({ server, browser, args }, { game, size, touch, seed, tried, minMoves }) {
  const phone = size.width < 600;
  const tag = `${game}-table-${phone ? "phone" : "desktop"}`;
  const first = !tried.has(`shots:${tag}`);
  tried.add(`shots:${tag}`);
  const { page, record } = await newPage(browser, { ...size, moveList: false, touch });
  const code = await createTableFromLobby(page, server.base, {
    game,
    players: 3,
    seats: ["human", "heuristic", "random"],
    name: "Ada",
    options: { max_rounds: 8 },
  });
  const random = makeRandom(seed);
  const out = first ? args.out : undefined;
  const kinds = new Set();
  const ways = {};
  let moves = 0;
  let cardMoves = 0;
  let notepadMarked = false;
  for (;;) {
    const state = await waitForTableTurn(page, record);
    if (!state) break;
    check((await page.locator("details#move-list[open]").count()) === 0, "the move list stays folded");
    const prompt = await page.locator("#status").textContent();
    check(/drop|reflect|reject/i.test(prompt), `the prompt line says what this step asks: "${prompt}"`);
    if (!notepadMarked) {
      await markNotepad(page, phone ? "tap" : "click");
      notepadMarked = true;
      if (out) await page.locator("#persuasion-notepad").screenshot({ animations: "disabled", path: path.join(out, `${tag}-notepad.png`) });
    }
    if (moves <= 3 && out) await page.screenshot({ animations: "disabled", path: path.join(out, `${tag}.png`), fullPage: true });
    const move = pickMove(state.legal, random, tried);
    // Each way of moving a card not used yet (over all games at this size) comes first, then in turn.
    const hows = phone ? ["tap"] : ["drag", "click", "keys"];
    const how = hows.find((h) => !tried.has(`asked:${h}`)) ?? hows[cardMoves % hows.length];
    if (!gestureOf(move.parts).button) tried.add(`asked:${how}`);
    if (!gestureOf(move.parts).button) cardMoves++;
    // The first card picked up at this size by click or tap: its lit places, on a screenshot.
    const shoot = !tried.has(`picked:${tag}`)
      ? async () => {
          tried.add(`picked:${tag}`);
          if (args.out) await page.screenshot({ animations: "disabled", path: path.join(args.out, `${tag}-picked.png`), fullPage: true });
        }
      : undefined;
    const done = await perform(page, move, how, shoot);
    ways[done] = (ways[done] ?? 0) + 1;
    tried.add(`way:${done}`);
    await waitForNextStep(page, state.step);
    const sent = lastSentMove(record);
    check(sent?.action === move.action, `${how}: sent ${JSON.stringify(sent)} for ${move.label} (${move.action})`);
    kinds.add(move.parts.kind);
    tried.add(move.parts.kind);
    moves++;
    if (phone) await checkNoSideScroll(page, `${game} step ${state.step}`);
  }
  await page.waitForSelector("#game-over");
  if (out) await page.screenshot({ animations: "disabled", path: path.join(out, `${tag}-end.png`), fullPage: true });
  check(moves >= minMoves, `the person made only ${moves} moves`);
  const notepadCell = page.locator("#persuasion-notepad button.note-cell").first();
  check((await notepadCell.textContent()) === "+", "the notepad mark outlived every redraw");
  check(record.errors.length === 0, `page errors: ${record.errors.join("; ")}`);
  if (phone) await checkNoSideScroll(page, `${game} at the end`);

  const { steps, hidden, shots } = await checkPersuasionSecrets(server.base, { code, page, record }, "table");
  const planted = [...hidden[0]][0];
  check(findLeaks({ frames: [`{"step":0,"view":{"x":{"id":${Number(planted.slice(1))},"symbols":[]}}}`], shots: [], hidden, tokensIn: persuasionTokens }).length === 1,
    "a planted hidden card object is caught");
  const finished = await getJson(`${server.base}/api/tables/${code}`);
  check(finished.status === "finished" && finished.outcome, "the table is finished with an outcome");
  await page.context().close();
  console.log(`${tag}: ${steps} steps, ${moves} moves by gestures ${JSON.stringify(ways)} (${[...kinds].sort().join(", ")}), ${shots.length} DOM versions checked`);
  return kinds;
}

/** Two games at each size of one edition; `required` are the kinds the four must have gestured. */
export async function playBothSizes(name, game, required, minMoves) {
  await runTest(name, async (env) => {
    const tried = new Set();
    const desktop = { width: 1280, height: 900 }, phone = { width: 390, height: 844 };
    for (const seed of [2026, 1122]) {
      await playTable(env, { game, size: desktop, touch: false, seed, tried, minMoves });
      await playTable(env, { game, size: phone, touch: true, seed: seed + 1, tried, minMoves });
    }
    // The deals are the server's, so a person may leave early (independent, engaged) in both games at
    // a size and not reach a third card move or every kind: play more games there, up to three, until
    // every kind and every way of moving a card was used.
    const desktopCovered = () => [...required, "way:drag", "way:click", "way:keys"].every((k) => tried.has(k));
    for (let extra = 0; extra < 3 && !desktopCovered(); extra++) {
      await playTable(env, { game, size: desktop, touch: false, seed: 3000 + extra, tried, minMoves });
    }
    for (let extra = 0; extra < 3 && !tried.has("way:tap"); extra++) {
      await playTable(env, { game, size: phone, touch: true, seed: 4000 + extra, tried, minMoves });
    }
    const missing = [...required, "way:drag", "way:click", "way:keys", "way:tap", "way:button",
      `picked:${game}-table-desktop`, `picked:${game}-table-phone`].filter((k) => !tried.has(k));
    check(missing.length === 0, `no gesture was tried for: ${missing.join(", ")}`);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Introductions alone are two moves, and the first intention a third.
  await playBothSizes("browser.table-persuasion", "persuasion", ["show", "invite", "propose", "accept", "reject"], 3);
}
