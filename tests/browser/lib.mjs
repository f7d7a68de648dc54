// Shared pieces of the browser tests: a real `court serve` on a free port with its own database, a
// headless Debian Chromium driven by playwright-core, and the page actions a person would take.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

export const kTimeout = 60_000;

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
    for (const name of ["app.js", "app.css"]) {
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

/** Creates a table from the lobby form the way a person does, and waits for the table page. */
export async function createTableFromLobby(page, base, { game, players, seats, name, options = {} }) {
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
  await page.click("#create");
  await page.waitForSelector("#table[data-step]");
  return page.locator("#table").getAttribute("data-code");
}

/** Waits until it is this seat's move (an enabled action button) or the game is over. */
export async function waitForTurnOrEnd(page) {
  await page.waitForFunction(
    () => {
      const t = document.getElementById("table");
      return t?.dataset.status === "finished" || document.querySelector("#actions button.action:not([disabled])");
    },
    null,
    { timeout: kTimeout },
  );
  return (await page.locator("#table").getAttribute("data-status")) === "finished";
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
  await page.waitForFunction(
    (step) => {
      const t = document.getElementById("table");
      return t && (t.dataset.step !== step || t.dataset.status === "finished");
    },
    before,
    { timeout: kTimeout },
  );
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
  await page.waitForFunction(
    () => {
      const t = document.getElementById("table");
      return t?.dataset.status === "finished" || document.querySelector("#status.yours");
    },
    null,
    { timeout: kTimeout },
  );
  if ((await page.locator("#table").getAttribute("data-status")) === "finished") return undefined;
  const step = Number(await page.locator("#table").getAttribute("data-step"));
  // The page may draw a state a moment before the test sees its frame.
  for (let tries = 0; tries < 100; ++tries) {
    const state = lastState(record);
    if (state && state.step === step && state.legal.length > 0) return state;
    await page.waitForTimeout(50);
  }
  throw new Error(`no state message with legal moves for step ${step}`);
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

/** The move this page sent last (from its outgoing frames), to check a gesture sent what it meant. */
export function lastSentMove(record) {
  const sent = record.sent ?? [];
  return sent.length ? JSON.parse(sent[sent.length - 1]) : undefined;
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
