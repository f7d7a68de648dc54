// Shared pieces of the browser tests: a real `court serve` on a free port with its own database, a
// headless Debian Chromium driven by playwright-core, the page actions a person would take, and the
// hidden-information checks (leaks.mjs) as the tests run them after a game.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import {
  findLeaks, framesMatchReplay, hiddenBySteps, persuasionSecrets, persuasionTokens, titleTokens,
} from "./leaks.mjs";

export const kTimeout = 60_000;
const kRepo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function parseArgs(argv) {
  const args = { _: [] };
  for (let i = 0; i < argv.length; ++i) {
    if (argv[i].startsWith("--")) args[argv[i].slice(2)] = argv[++i];
    else args._.push(argv[i]);
  }
  return args;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `court serve` and waits until the lobby answers. */
export async function startServer(court, { port, dir } = {}) {
  dir ??= mkdtempSync(path.join(os.tmpdir(), "court-browser-"));
  port ??= await freePort();
  const db = path.join(dir, "court.db");
  const child = spawn(court, ["serve", "--port", String(port), "--bind", "127.0.0.1", "--db", db], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`court serve exited early (${child.exitCode}):\n${output}`);
    try {
      const r = await fetch(`${base}/api/games`);
      if (r.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`court serve did not answer on ${base}:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    port,
    dir,
    output: () => output,
    async stop({ keep = false } = {}) {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(executablePath) {
  return chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
}

/**
 * A new page that fails the test on a script error, and keeps every WebSocket frame it receives.
 * `moveList` opens the move list that a game's table folds away (the list-driven tests click it);
 * `touch` makes a phone-like page (touch events, a coarse pointer).
 */
export async function newPage(browser, { width = 1280, height = 900, moveList = true, touch = false } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
  if (moveList) await context.addInitScript(() => localStorage.setItem("court.movelist", "1"));
  // For front-end work without relinking court: COURT_WEB_DIST=web/app/dist serves a fresh `vite build`.
  const dist = process.env.COURT_WEB_DIST;
  if (dist) {
    for (const name of ["app.js", "app.css", "app-lab.js"]) {
      await context.route(`**/${name}`, (route) => route.fulfill({ path: path.join(dist, name) }));
    }
  }
  const page = await context.newPage();
  page.setDefaultTimeout(kTimeout);
  const record = { frames: [], errors: [], sockets: 0 };
  page.on("pageerror", (e) => record.errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && record.errors.push(m.text()));
  page.on("websocket", (ws) => {
    record.sockets++;
    ws.on("framereceived", (f) => record.frames.push(typeof f.payload === "string" ? f.payload : f.payload.toString()));
    ws.on("framesent", (f) => (record.sent ??= []).push(typeof f.payload === "string" ? f.payload : f.payload.toString()));
  });
  // Every version of the table's DOM, with the step it shows, as the page renders it.
  await page.addInitScript(() => {
    const shots = [];
    window.__domShots = shots;
    const take = () => {
      const app = document.getElementById("app");
      const table = document.getElementById("table");
      if (!app || !table || table.dataset.step === undefined) return;
      const titles = [...app.querySelectorAll("[title]")].map((e) => e.getAttribute("title")).join("\n");
      const text = `${app.textContent}\n${titles}`;
      const last = shots[shots.length - 1];
      if (!last || last.text !== text) shots.push({ step: Number(table.dataset.step), status: table.dataset.status, text });
    };
    new MutationObserver(take).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return { context, page, record };
}

/**
 * Creates a table from the lobby form the way a person does, and waits for the table page. `talk: false`
 * unticks "Table talk".
 */
export async function createTableFromLobby(page, base, { game, players, seats, name, options = {}, talk = true }) {
  await page.goto(`${base}/#/`);
  await page.waitForSelector("#create");
  await page.selectOption("#game", game);
  if (players !== undefined && !(await page.locator("#players").isDisabled())) {
    await page.fill("#players", String(players));
    await page.dispatchEvent("#players", "change");
  }
  for (let i = 0; i < seats.length; ++i) await page.selectOption(`select[name="seat${i}"]`, seats[i]);
  if (Object.keys(options).length) await page.click("details.options summary");
  for (const [k, v] of Object.entries(options)) await page.fill(`#opt-${k}`, String(v));
  await page.fill("#name", name);
  if (!talk) await page.uncheck("#talk");
  await page.click("#create");
  await page.waitForSelector("#table[data-step]");
  return page.locator("#table").getAttribute("data-code");
}

/**
 * A second person opens the invite link (watching until they join), takes the first free seat by name,
 * and waits until the page shows that seat; returns the seat.
 */
export async function joinFromInvite(page, base, code, name) {
  await page.goto(`${base}/#/table/${code.toLowerCase()}`);
  await page.waitForSelector("#join");
  check((await page.locator("#table").getAttribute("data-seat")) === "spectator", `before joining ${name} watches`);
  await page.fill('#join input[aria-label="your name"]', name);
  await page.click("#join button");
  await page.waitForSelector('#table:not([data-seat="spectator"])');
  return Number(await page.locator("#table").getAttribute("data-seat"));
}

/**
 * A table-drawing test's start: a new page whose move list stays folded, and a table of `game` that
 * "Ada" creates on it from the lobby with `seats`.
 */
export async function openFoldedTable(browser, base, { game, seats, width, height, touch }) {
  const { context, page, record } = await newPage(browser, { width, height, moveList: false, touch });
  const code = await createTableFromLobby(page, base, { game, players: seats.length, seats, name: "Ada" });
  check(!(await page.locator("#move-list").evaluate((d) => d.open)), "the move list is folded");
  return { context, page, record, code };
}

/** Waits until `cue` (a selector: this seat's move) is on the page or the game is over; true at the end. */
async function waitForCueOrEnd(page, cue) {
  await page.waitForFunction(
    (selector) => {
      const t = document.getElementById("table");
      return t?.dataset.status === "finished" || document.querySelector(selector);
    },
    cue,
    { timeout: kTimeout },
  );
  return (await page.locator("#table").getAttribute("data-status")) === "finished";
}

/** Waits until it is this seat's move (an enabled action button) or the game is over. */
export async function waitForTurnOrEnd(page) {
  return waitForCueOrEnd(page, "#actions button.action:not([disabled])");
}

/** A seeded choice, so a failing run can be repeated. */
export function makeRandom(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

/** Plays this seat's moves by clicking random legal actions until the game ends; returns the moves made. */
export async function playToEnd(page, random, { maxMoves = 3000 } = {}) {
  let moves = 0;
  for (;;) {
    if (await waitForTurnOrEnd(page)) return moves;
    if (++moves > maxMoves) throw new Error(`the game did not end within ${maxMoves} of our moves`);
    await clickRandomAction(page, random);
  }
}

export async function clickRandomAction(page, random) {
  const buttons = page.locator("#actions button.action:not([disabled])");
  const n = await buttons.count();
  if (n === 0) return false;
  const before = await page.locator("#table").getAttribute("data-step");
  await buttons.nth(random(n)).click();
  // The move is accepted when a newer state arrives (or the game is over).
  await waitForNextStep(page, before);
  return true;
}

/** The newest `state` message this page received (parsed), or undefined. */
export function lastState(record) {
  for (let i = record.frames.length - 1; i >= 0; --i) {
    const m = JSON.parse(record.frames[i]);
    if (m.type === "state") return m;
  }
  return undefined;
}

/**
 * Waits until it is this seat's move on the table (the table-drawing tests: no move list) or the game
 * is over; returns the state message to act on, or undefined at the end.
 */
export async function waitForTableTurn(page, record) {
  if (await waitForCueOrEnd(page, "#status.yours")) return undefined;
  const state = await drawnState(page, record);
  if (state.legal.length > 0) return state;
  throw new Error(`no state message with legal moves for step ${state.step}`);
}

/** The newest state message the page received, once the page shows its step (the page may draw a state a moment before the test sees its frame). */
export async function drawnState(page, record) {
  for (let tries = 0; tries < 100; ++tries) {
    const state = lastState(record);
    const step = await page.locator("#table").getAttribute("data-step");
    if (state && String(state.step) === step) return state;
    await page.waitForTimeout(50);
  }
  throw new Error(`the page shows step ${await page.locator("#table").getAttribute("data-step")}, not its newest state's`);
}

/** After a gesture: waits for a newer state (or the end). */
export async function waitForNextStep(page, step) {
  await page.waitForFunction(
    (s) => {
      const t = document.getElementById("table");
      return t && (t.dataset.step !== String(s) || t.dataset.status === "finished");
    },
    step,
    { timeout: kTimeout },
  );
}

/**
 * The page's log shows every line of the game since it connected, though the state frames after moves carry
 * only the most recent 40 (docs/protocol.md, "state"). `state` is the newest frame; returns whether it was
 * such a cut one, so a test can say the page had to put lines together.
 */
export async function checkLogKept(page, state, what) {
  const total = Number(state.view.log_total ?? state.view.log?.length ?? 0);
  const [start, count] = await page.evaluate(() => {
    const ol = document.querySelector("#log ol.log-lines");
    return ol ? [ol.start, ol.children.length] : [1, 0];
  });
  check(start === 1 && count === total, `${what}: the log shows lines ${start} to ${start + count - 1} of ${total}`);
  return (state.view.log?.length ?? 0) < total;
}

/** The move this page sent last (from its outgoing frames), to check a gesture sent what it meant. */
export function lastSentMove(record) {
  const sent = record.sent ?? [];
  return sent.length ? JSON.parse(sent[sent.length - 1]) : undefined;
}

/** After a gesture: the page sent exactly `move`, at `state`'s step. */
export function checkSentMove(record, state, move) {
  const sent = lastSentMove(record);
  check(sent?.action === move.action && sent?.step === state.step,
    `step ${state.step}: the gesture for "${move.label}" ${JSON.stringify(move.parts)} sent ${JSON.stringify(sent)}`);
}

/** The page does not scroll sideways (a phone-size check). */
export async function checkNoSideScroll(page, what) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  check(scroll <= width, `${what}: the page scrolls sideways (${scroll} px wide in a ${width} px window)`);
}

export async function getJson(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status} ${await r.text()}`);
  return r.json();
}

/** Every card name in the shipped data files data/<game>/<file> (their `name = "..."` lines). */
export function dataCardNames(game, files) {
  const names = new Set();
  for (const file of files) {
    const text = readFileSync(path.join(kRepo, "data", game, file), "utf8");
    for (const m of text.matchAll(/^name\s*=\s*"([^"]+)"/gm)) names.add(m[1]);
  }
  return names;
}

/** Every seat's view (and the spectator's) at every step of a finished table, from the replay API. */
export async function replayViews(base, code) {
  const table = await getJson(`${base}/api/tables/${code}`);
  const steps = table.steps;
  const views = []; // views[step][seat]
  for (let k = 0; k <= steps; ++k) {
    const row = await Promise.all(
      table.seats.map((s) => getJson(`${base}/api/tables/${code}/replay/view?step=${k}&seat=${s.seat}`).then((a) => a.view)),
    );
    views.push(row);
  }
  return { table, steps, views };
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * The leak check of seat 0's page (leaks.mjs): every state frame it received carries its own view as the
 * replay rebuilds it, and no frame or DOM version shows a token `hidden` at its step. `label` prefixes
 * the failure messages.
 */
export function checkPageLeaksNothing({ frames, shots, views, hidden, tokensIn }, label) {
  const prefix = label ? `${label}: ` : "";
  const mismatches = framesMatchReplay(frames, views, 0);
  check(mismatches.length === 0, `${prefix}frames differ from the seat's own view:\n${mismatches.slice(0, 5).join("\n")}`);
  const leaks = findLeaks({ frames, shots, hidden, tokensIn });
  check(leaks.length === 0, `${prefix}hidden cards reached the page:\n${leaks.slice(0, 10).join("\n")}`);
}

/** The leak check is not vacuous: a token hidden at `step`, planted in a DOM version of that step, is caught. */
export function checkPlantedCardCaught(hidden, tokensIn, step) {
  const planted = [...hidden[step]][0];
  check(planted && findLeaks({ frames: [], shots: [{ step, text: `… ${planted} …` }], hidden, tokensIn }).length === 1,
    "a planted hidden card is caught");
}

/**
 * The leak check of a finished game whose cards are named (Belle, Gameshire) on seat 0's page: `hiddenOf`
 * (views, tokensIn) gives what is hidden at each step; a card hidden at step 1 planted on the page is caught.
 */
export async function checkCardNamesHidden(base, { code, record, shots }, { game, names, hiddenOf }) {
  const { steps, views } = await replayViews(base, code);
  const tokensIn = titleTokens(names);
  const hidden = hiddenOf(views, tokensIn);
  checkPageLeaksNothing({ frames: record.frames, shots, views, hidden, tokensIn });
  checkPlantedCardCaught(hidden, tokensIn, 1);
  console.log(`${game} ${code}: ${steps} steps, ${record.frames.length} frames, ${shots.length} DOM versions checked`);
}

/**
 * The leak check of a finished Persuasion game on seat 0's page, and that it is not vacuous: other seats
 * held cards we did not know, and `where` (the page, the table) showed our own hand as card numbers the
 * check reads. Returns what the caller's own checks need.
 */
export async function checkPersuasionSecrets(base, { code, page, record }, where) {
  const { steps, views } = await replayViews(base, code);
  const hidden = hiddenBySteps(views, 0, persuasionSecrets, persuasionTokens);
  const shots = await page.evaluate(() => window.__domShots);
  checkPageLeaksNothing({ frames: record.frames, shots, views, hidden, tokensIn: persuasionTokens });
  check(hidden[0].size >= 10, `only ${hidden[0].size} cards hidden at the start`);
  const handShown = shots.some((s) => {
    const hand = persuasionTokens(JSON.stringify(views[s.step]?.[0]?.hand ?? []));
    return hand.size > 0 && [...hand].every((t) => s.text.includes(t));
  });
  check(handShown, `the ${where} shows our hand as card numbers the check reads`);
  return { steps, hidden, shots };
}

/** Runs one test body with a server and a browser, and reports the way CTest expects. */
export async function runTest(name, body) {
  const args = parseArgs(process.argv.slice(2));
  const court = args.court;
  const executablePath = args.chromium ?? "/usr/bin/chromium";
  if (!court) throw new Error("usage: node <test>.mjs --court path/to/court [--chromium /usr/bin/chromium]");
  const server = await startServer(court);
  const browser = await launchBrowser(executablePath);
  const started = Date.now();
  try {
    await body({ server, browser, args });
    console.log(`${name}: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (e) {
    console.error(`${name}: FAILED\n${e.stack ?? e}`);
    console.error(`--- court serve output ---\n${server.output().slice(-4000)}`);
    process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}
