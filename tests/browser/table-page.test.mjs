// The table page's frame, the same for every game: "How to play" shows the game's rules page and closes
// with Escape; the lobby, a table of each game and a replay fit a phone (390×844, touch) without
// scrolling sideways, with the status line kept in sight; pieces slide across a redraw, and nothing
// moves under prefers-reduced-motion; every control of the page's chrome is reached by Tab and shows a
// focus ring. Screenshots (--out DIR): phone-lobby.png, phone-table-<game>.png, phone-replay.png,
// phone-how-to-play.png, phone-how-to-play-options.png, how-to-play.png, table-page.png (desktop, the move list folded).
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  check,
  checkNoSideScroll,
  clickRandomAction,
  createTableFromLobby,
  getJson,
  makeRandom,
  newPage,
  runTest,
  waitForTableTurn,
  waitForTurnOrEnd,
} from "./lib.mjs";

const kPhone = { width: 390, height: 844, touch: true, moveList: false };

function botFor(game) {
  return game.bots.includes("heuristic") ? "heuristic" : game.bots.find((b) => !b.startsWith("ismcts")) ?? game.bots[0];
}

/** The headings of a markdown page (`#` and `##` lines outside code blocks), as the reader sees them. */
function markdownHeadings(markdown, level) {
  const marks = "#".repeat(level) + " ";
  let inCode = false;
  const headings = [];
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inCode = !inCode;
    else if (!inCode && line.startsWith(marks)) headings.push(line.slice(marks.length).replace(/[*_`]/g, "").trim());
  }
  return headings;
}

async function createBotTable(base, game, players = game.min_seats) {
  const r = await fetch(`${base}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: game.id, players, options: {}, seats: Array(players).fill(botFor(game)) }),
  });
  const answer = await r.text();
  check(r.ok, `creating a table of bots for ${game.id}: HTTP ${r.status} ${answer}`);
  return JSON.parse(answer).code;
}

async function waitUntilFinished(base, code) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const t = await getJson(`${base}/api/tables/${code}`);
    if (t.status === "finished") return t;
    check(Date.now() < deadline, `table ${code} did not finish in time`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Opens "How to play" on the page shown and checks it against the game's rules page. */
async function checkHowToPlay(page, base, gameId) {
  const { markdown } = await getJson(`${base}/api/games/${gameId}/rules`);
  await page.click("#how-to-play-button");
  await page.waitForSelector("#how-to-play[open] .rules-text h2");
  const shown = (await page.locator("#how-to-play .rules-text h2").allTextContents()).map((t) => t.trim());
  const expected = markdownHeadings(markdown, 2);
  check(expected.length > 0, `${gameId}: the rules page has no sections`);
  check(JSON.stringify(shown) === JSON.stringify(expected),
    `${gameId}: How to play shows the sections ${JSON.stringify(shown)}, the rules page has ${JSON.stringify(expected)}`);
  const title = (await page.locator("#how-to-play .rules-text h1").first().textContent()).trim();
  check(title === markdownHeadings(markdown, 1)[0], `${gameId}: How to play is titled "${title}"`);
  check(await page.locator("#how-to-play .rules-contents a").first().isVisible(), `${gameId}: the sections list shows`);
  check((await page.locator("#how-to-play script").count()) === 0, `${gameId}: the rules carry no script`);
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.getElementById("how-to-play")?.open);
  // The focus comes back with the dialog's close event (a task after the dialog closes); bots keep
  // moving meanwhile, so the button may have been drawn anew while the dialog was open.
  await page.waitForFunction(() => document.activeElement?.id === "how-to-play-button", null, { timeout: 3000 })
    .catch(() => {});
  const focused = await page.evaluate(() => document.activeElement?.id);
  check(focused === "how-to-play-button", `${gameId}: after Escape the focus is back on the button (it is on "${focused}")`);
}

/** Counts the animations the page starts (Element.animate), by what they change. */
async function countAnimations(page) {
  await page.addInitScript(() => {
    window.__started = { moves: 0, fades: 0 };
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (keyframes, options) {
      const frames = Array.isArray(keyframes) ? keyframes : [keyframes];
      if (frames.some((f) => f && "transform" in f)) window.__started.moves++;
      else window.__started.fades++;
      return animate.call(this, keyframes, options);
    };
  });
}

/** The times the turn passed from one seat to another in the state messages this page received. */
function turnPasses(record) {
  let passes = 0;
  let last;
  for (const frame of record.frames) {
    const m = JSON.parse(frame);
    if (m.type !== "state" || m.status !== "playing" || m.waiting_for.length !== 1) continue;
    if (last !== undefined && m.waiting_for[0] !== last) passes++;
    last = m.waiting_for[0];
  }
  return passes;
}

/**
 * Plays moves from the move list at an Intrigue table against bots until the turn token has passed
 * to another seat and back; returns how many times it passed and what animated meanwhile.
 */
async function playAndCount(browser, base, reducedMotion) {
  const { context, page, record } = await newPage(browser);
  await page.emulateMedia({ reducedMotion });
  await countAnimations(page);
  await createTableFromLobby(page, base, { game: "intrigue", seats: ["human", "heuristic", "heuristic"], name: "Mo" });
  check(!(await waitForTurnOrEnd(page)), "intrigue ended before the first move");
  check((await page.locator('.seat[data-seat="0"] [data-piece="turn"]').count()) === 1, "the turn token sits on seat 0");
  const random = makeRandom(11);
  let running = 0;
  for (let ours = 0; ours < 12 && turnPasses(record) < 2; ++ours) {
    await clickRandomAction(page, random);
    running = Math.max(running, await page.evaluate(() => document.getAnimations().length));
    if (await waitForTurnOrEnd(page)) break;
  }
  const started = await page.evaluate(() => ({ ...window.__started }));
  const passes = turnPasses(record);
  check(passes >= 2, `the turn never passed to a bot and back (${passes} passes)`);
  check(record.errors.length === 0, `page errors: ${record.errors.join("; ")}`);
  await context.close();
  return { passes, running, ...started };
}

await runTest("browser.table-page", async ({ server, browser, args }) => {
  const out = args.out ?? path.resolve("screenshots");
  mkdirSync(out, { recursive: true });
  const base = server.base;
  const games = await getJson(`${base}/api/games`);
  const notes = [];

  // How to play, for every game, on a table of bots (watched as a spectator) at desktop size.
  const desk = await newPage(browser, { moveList: false });
  const botTables = new Map();
  for (const game of games) {
    const code = await createBotTable(base, game);
    botTables.set(game.id, code);
    await desk.page.goto(`${base}/#/table/${code}`);
    await desk.page.waitForSelector("#table[data-step]");
    await checkHowToPlay(desk.page, base, game.id);
  }
  await desk.page.click("#how-to-play-button");
  await desk.page.waitForSelector("#how-to-play[open] .rules-text h2");
  await desk.page.screenshot({ animations: "disabled", path: path.join(out, "how-to-play.png") });
  await desk.page.keyboard.press("Escape");
  // A redraw while the dialog is open replaces the button that opened it (as a state message does): the
  // focus still comes back to the button on the page, the new one.
  await desk.page.waitForFunction(() => !document.getElementById("how-to-play")?.open);
  await desk.page.click("#how-to-play-button");
  await desk.page.waitForSelector("#how-to-play[open]");
  await desk.page.evaluate(() => {
    const old = document.getElementById("how-to-play-button");
    old.replaceWith(old.cloneNode(true));
  });
  await desk.page.keyboard.press("Escape");
  await desk.page.waitForFunction(() => document.activeElement?.id === "how-to-play-button", null, { timeout: 3000 })
    .catch(() => {});
  const after = await desk.page.evaluate(() => ({ id: document.activeElement?.id, inPage: document.activeElement?.isConnected }));
  check(after.id === "how-to-play-button" && after.inPage,
    `after a redraw under the open dialog, Escape gives the focus to the new button (it is on "${after.id}")`);
  check(desk.record.errors.length === 0, `page errors: ${desk.record.errors.join("; ")}`);
  await desk.context.close();

  // Keyboard: Tab reaches every control of the chrome at a person's table, each with a focus ring.
  const keys = await newPage(browser, { moveList: false });
  await createTableFromLobby(keys.page, base, { game: "intrigue", seats: ["human", "heuristic", "heuristic"], name: "Kim" });
  await waitForTableTurn(keys.page, keys.record);
  await keys.page.screenshot({ animations: "disabled", path: path.join(out, "table-page.png"), fullPage: true });
  const reached = new Set();
  const ringless = [];
  for (let i = 0; i < 80; ++i) {
    await keys.page.keyboard.press("Tab");
    const focused = await keys.page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const name = el.id || (el.tagName === "SUMMARY" ? `${el.parentElement.id}>summary` : el.textContent.trim().slice(0, 30));
      return { name, ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 };
    });
    if (!focused) continue;
    reached.add(focused.name);
    if (!focused.ring) ringless.push(focused.name);
  }
  for (const control of ["Court", "Copy invite link", "how-to-play-button", "plain-view", "move-list>summary"]) {
    check([...reached].some((n) => n.includes(control)), `Tab never reaches "${control}" (reached: ${[...reached].join(", ")})`);
  }
  check(ringless.length === 0, `no focus ring on: ${[...new Set(ringless)].join(", ")}`);
  await keys.page.focus("#how-to-play-button");
  await keys.page.keyboard.press("Enter");
  await keys.page.waitForSelector("#how-to-play[open]");
  await keys.page.keyboard.press("Escape");
  await keys.page.waitForFunction(() => !document.getElementById("how-to-play")?.open);
  // The folded move list says it is there, and opens from the keyboard.
  check((await keys.page.locator("#move-list > summary").textContent()).startsWith("All moves as a list"), "the folded list is named");
  check(!(await keys.page.locator("#move-list").getAttribute("open")), "the move list starts folded");
  await keys.page.focus("#move-list > summary");
  await keys.page.keyboard.press("Enter");
  await keys.page.waitForSelector("#move-list[open] #actions button.action");
  // The focus stays on its control across redraws: the plain-view switch toggled by Space, and a move
  // (sent by a script click, which does not move the focus) followed by the bots' moves.
  await keys.page.focus("#plain-view");
  await keys.page.keyboard.press("Space");
  await keys.page.waitForSelector(".board .generic");
  check(await keys.page.evaluate(() => document.activeElement?.id === "plain-view"), "toggling plain view lost the focus");
  await keys.page.keyboard.press("Space");
  await keys.page.waitForSelector(".board .generic", { state: "detached" });
  const step = Number(await keys.page.locator("#table").getAttribute("data-step"));
  await keys.page.evaluate(() => document.querySelector("#actions button.action:not([disabled])").click());
  await keys.page.waitForFunction((s) => Number(document.getElementById("table").dataset.step) > s, step);
  const holder = await keys.page.evaluate(() => document.activeElement?.id);
  check(holder === "plain-view", `after a move and its redraws the focus is on "${holder}", not on the plain-view switch`);
  check(keys.record.errors.length === 0, `page errors: ${keys.record.errors.join("; ")}`);
  await keys.context.close();

  // Moves slide; under reduced motion nothing animates.
  const moving = await playAndCount(browser, base, "no-preference");
  check(moving.moves > 0, `the turn token did not slide to the next seat (${JSON.stringify(moving)})`);
  const still = await playAndCount(browser, base, "reduce");
  check(still.moves === 0 && still.fades === 0 && still.running === 0,
    `animations ran under prefers-reduced-motion: reduce (${JSON.stringify(still)})`);

  // A phone: the lobby, a table of each game at the person's turn, How to play, and a replay.
  const phone = await newPage(browser, kPhone);
  await phone.page.goto(`${base}/#/`);
  await phone.page.waitForSelector("#create");
  await phone.page.waitForSelector("ul.tables li");
  await checkNoSideScroll(phone.page, "the lobby on a phone");
  await phone.page.screenshot({ animations: "disabled", path: path.join(out, "phone-lobby.png"), fullPage: true });
  for (const game of games) {
    const players = Math.max(game.min_seats, Math.min(game.max_seats, 4));
    const seats = ["human", ...Array.from({ length: players - 1 }, () => botFor(game))];
    await createTableFromLobby(phone.page, base, { game: game.id, players, seats, name: "Pia" });
    check(!!(await waitForTableTurn(phone.page, phone.record)), `${game.id}: the game ended before the person's move`);
    await checkNoSideScroll(phone.page, `${game.id}'s table on a phone`);
    const status = await phone.page.locator("#status").boundingBox();
    check(status && status.x >= 0 && status.x + status.width <= kPhone.width, `${game.id}: the status line fits the phone`);
    check((await phone.page.locator("#move-list > summary").textContent()).startsWith("All moves as a list"),
      `${game.id}: the folded move list is named`);
    await phone.page.screenshot({ animations: "disabled", path: path.join(out, `phone-table-${game.id}.png`), fullPage: true });
    // The status line stays in sight while the board scrolls.
    await phone.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const scrolled = await phone.page.locator("#status").boundingBox();
    check(scrolled.y >= -1 && scrolled.y < 10, `${game.id}: the status line scrolled out of sight (y = ${scrolled.y})`);
    const overflow = await phone.page.evaluate(() => {
      const board = document.querySelector(".board");
      return board.scrollWidth - board.clientWidth;
    });
    if (overflow > 0) notes.push(`${game.id}'s board is ${overflow} px wider than the phone (it scrolls in its own box)`);
    if (game.id === "intrigue") {
      await checkHowToPlay(phone.page, base, game.id);
      await phone.page.click("#how-to-play-button");
      await phone.page.waitForSelector("#how-to-play[open] .rules-text h2");
      const box = await phone.page.locator("#how-to-play").boundingBox();
      check(box.x >= 0 && box.width <= kPhone.width, `How to play is wider than the phone (${JSON.stringify(box)})`);
      await checkNoSideScroll(phone.page, "How to play on a phone");
      await phone.page.screenshot({ animations: "disabled", path: path.join(out, "phone-how-to-play.png") });
      // The sections list jumps to a section (Options holds a table, which scrolls in its own box).
      await phone.page.locator("#how-to-play .rules-contents a", { hasText: "Options" }).tap();
      const options = phone.page.locator("#how-to-play .rules-text h2", { hasText: "Options" });
      await phone.page.waitForFunction(() => {
        const h2 = [...document.querySelectorAll("#how-to-play .rules-text h2")].find((e) => e.textContent === "Options");
        const top = h2.getBoundingClientRect().top;
        return top >= 0 && top < 200;
      });
      check(await options.isVisible(), "the Options section shows after its link");
      await phone.page.screenshot({ animations: "disabled", path: path.join(out, "phone-how-to-play-options.png") });
      await phone.page.locator("#how-to-play-close").tap();
      await phone.page.waitForFunction(() => !document.getElementById("how-to-play")?.open);
    }
  }
  const replayGame = games.find((g) => g.id === "intrigue") ?? games[0];
  const finished = await waitUntilFinished(base, botTables.get(replayGame.id));
  await phone.page.goto(`${base}/#/replay/${finished.code}?seat=0&step=${Math.floor(finished.steps / 2)}`);
  await phone.page.waitForSelector("#replay[data-step]");
  await checkNoSideScroll(phone.page, "the replay on a phone");
  await phone.page.screenshot({ animations: "disabled", path: path.join(out, "phone-replay.png"), fullPage: true });
  await phone.page.locator("#replay-next").tap();
  await phone.page.waitForSelector(`#replay[data-step="${Math.floor(finished.steps / 2) + 1}"]`);
  check(phone.record.errors.length === 0, `page errors: ${phone.record.errors.join("; ")}`);
  await phone.context.close();

  console.log(`table-page: How to play for ${games.map((g) => g.id).join(", ")}; pieces slid ${moving.moves} time(s) in ` +
    `${moving.passes} passes of the turn, never under reduced motion; phone pages fit.${notes.length ? ` Notes: ${notes.join("; ")}.` : ""}`);
});
