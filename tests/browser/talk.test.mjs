// Table talk (docs/protocol.md, "Talk") at a Persuasion (letterbox) table of three people and a
// spectator, each in their own browser. Mail Bound: two seats talk privately only while one holds the
// other's trait card; the table talks before the first move and after the end. The test checks that
// - every page opens and closes its threads as its state's `talk` says, after every move;
// - before any card is held, Ada's thread with Bo is closed;
// - markup said to the table shows as text on every page: no element made, no dialog;
// - a spectator reads the table's talk and cannot write;
// - while Bo holds Ada's invitation and has accepted it, Ada's private message reaches Bo (unread on
//   his tab), while Cy and the spectator see only "Ada whispered to Bo": the text is in none of their
//   WebSocket frames and no version of their DOM (and the same check finds it on Bo's page);
// - a refusal (too fast) is shown in the panel and the typed text stays;
// - a closed thread stays readable; after the end the table talks again; the replay viewer shows the
//   table's talk said up to the step viewed, and never the private message;
// - "Table talk" unticked in the lobby makes a table without talk.
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  check, checkNoSideScroll, createTableFromLobby, drawnState, getJson, joinFromInvite, kTimeout, newPage, runTest,
} from "./lib.mjs";

const kSecret = "Meet me by the fountain at 7431";
const kMarkup = "<img src=x onerror=alert(1)>";
const kAfter = "Good game,\neveryone";
const kDesktop = { width: 1280, height: 800 };

/** Who moves what: Ada invites Bo, Bo accepts; anyone else shows, reflects, keeps none or passes. */
function choose(seat, legal) {
  const wanted = [
    (p) => seat === 0 && p.kind === "invite" && p.seat === 1,
    (p) => seat === 1 && p.kind === "accept" && p.seat === 0,
    (p) => p.kind === "show",
    (p) => p.kind === "reflect" && !p.extra,
    (p) => p.kind === "keep_none",
    (p) => p.kind === "pass",
  ];
  for (const want of wanted) {
    const move = legal.find((m) => want(m.parts));
    if (move) return move;
  }
  return legal[0];
}

/** The newest state the person's page received, once drawn. */
const settled = (person) => drawnState(person.page, person.record);

/** Every thread tab of the page is open exactly when the seat's state says it may write there. */
async function checkThreads(person) {
  const state = await settled(person);
  const tabs = await person.page.locator("#talk .talk-tab").evaluateAll((els) =>
    els.map((e) => ({ thread: e.dataset.thread, open: e.dataset.open === "true" })));
  check(tabs.length > 0 && tabs[0].thread === "table", `step ${state.step}: the table's channel comes first`);
  for (const { thread, open } of tabs) {
    const may = thread === "table" ? state.talk.table : state.talk.seats.includes(Number(thread));
    check(open === may, `step ${state.step}, seat ${state.seat}: thread ${thread} is ${open ? "open" : "closed"} on the page, ${may ? "open" : "closed"} in the state`);
  }
  return state;
}

/** Moves (through each page's move list) until `done()`, checking every page's threads after each move. */
async function playUntil(people, everyone, done) {
  for (let moves = 0; !(await done()); ++moves) {
    check(moves < 80, "the game did not get there within 80 moves");
    const states = await Promise.all(people.map(settled));
    const i = states.findIndex((s) => s.status === "playing" && s.legal.length > 0);
    check(i >= 0, `step ${states[0].step}: nobody has a move`);
    const move = choose(states[i].seat, states[i].legal);
    await people[i].page.locator(`#actions button.action[data-action="${move.action}"]`).click();
    const step = states[i].step;
    await Promise.all(everyone.map((p) => p.page.waitForSelector(`#table:not([data-step="${step}"])`)));
    for (const p of everyone) await checkThreads(p);
  }
}

/** Says `text` through the page: the thread's tab, the box, Enter. */
async function say(person, thread, text) {
  await person.page.click(`#talk-tab-${thread}`);
  await person.page.fill("#talk-text", text);
  await person.page.press("#talk-text", "Enter");
}

/** Says two lines to the table by typing: Shift+Enter starts the second line, Enter sends. */
async function sayTwoLines(person, text) {
  const [first, second] = text.split("\n");
  await person.page.click("#talk-tab-table");
  await person.page.fill("#talk-text", first);
  await person.page.press("#talk-text", "Shift+Enter");
  await person.page.locator("#talk-text").pressSequentially(second);
  check((await person.page.locator("#talk-text").inputValue()) === text, "Shift+Enter starts a new line and sends nothing");
  await person.page.press("#talk-text", "Enter");
}

/** Over 500 characters (code points: an emoji is one) the counter says so and nothing can be sent. */
async function checkCounter(person) {
  await person.page.click("#talk-tab-table");
  await person.page.fill("#talk-text", "🙂".repeat(500));
  check((await person.page.locator("#talk-count").textContent()) === "500 / 500", "500 emoji count as 500");
  check(await person.page.locator("#talk-send").isEnabled(), "500 characters may be sent");
  await person.page.fill("#talk-text", "x".repeat(501));
  check((await person.page.locator("#talk-count").textContent()) === "501 / 500", "the counter counts 501");
  check(await person.page.locator("#talk-send").isDisabled(), "501 characters may not be sent");
  await person.page.press("#talk-text", "Enter");
  check((await person.page.locator("#talk-text").inputValue()).length === 501, "Enter does not send 501 characters");
  await person.page.fill("#talk-text", "");
}

/** Opens `thread` on the page and waits until it shows a line with exactly `text`. */
async function waitForLine(person, thread, text) {
  await person.page.click(`#talk-tab-${thread}`);
  await person.page.waitForFunction(
    (t) => [...document.querySelectorAll("#talk-lines .talk-text")].some((e) => e.textContent === t), text, { timeout: kTimeout });
}

/** Neither a frame this page received nor any version of its DOM holds `text`. */
async function neverSaw(person, text, who) {
  check(!person.record.frames.some((f) => f.includes(text)), `${who}: a WebSocket frame holds the private text`);
  const shots = await person.page.evaluate(() => window.__domShots);
  check(shots.length > 0, `${who}: DOM versions were recorded`);
  check(!shots.some((s) => s.text.includes(text)), `${who}: a version of the page shows the private text`);
  check(!(await person.page.content()).includes(text), `${who}: the page's HTML holds the private text`);
}

/** The talk panel starts in the upper half of the window (runs in the page). */
function talkInSight() {
  const top = document.getElementById("talk").getBoundingClientRect().top;
  return top >= 0 && top < window.innerHeight / 2;
}

async function shoot(person, name, out) {
  await person.page.screenshot({ animations: "disabled", path: path.join(out, `talk-${name}.png`), fullPage: true });
}

/** "Table talk" unticked: the table has no talk, and its page says so. */
async function checkTalkOff(ada, base, out) {
  await ada.page.goto(`${base}/#/`);
  await ada.page.waitForSelector("#create");
  check(await ada.page.locator("#talk").isChecked(), "Table talk is ticked by default");
  await ada.page.setViewportSize({ width: 390, height: 844 });
  await ada.page.locator("#talk").scrollIntoViewIfNeeded();
  await ada.page.screenshot({ animations: "disabled", path: path.join(out, "talk-lobby-phone.png") });
  await ada.page.setViewportSize(kDesktop);
  const code = await createTableFromLobby(ada.page, base, { game: "persuasion", players: 3, seats: ["human", "heuristic", "heuristic"], name: "Ada", talk: false });
  check((await getJson(`${base}/api/tables/${code}`)).talk === false, "the table was created without talk");
  await ada.page.waitForSelector("#talk-reason");
  check(/talk is off/i.test(await ada.page.locator("#talk-reason").textContent()), "the panel says talk is off");
  check(await ada.page.locator("#talk-text").isDisabled(), "no writing at a table without talk");
}

/** Markup said to the table is text on every page; nothing runs. */
async function checkMarkupIsText(ada, everyone, dialogs) {
  await say(ada, "table", kMarkup);
  for (const p of everyone) await waitForLine(p, "table", kMarkup);
  await ada.page.waitForFunction(() => document.getElementById("talk-text").value === "");
  for (const p of everyone) {
    check((await p.page.locator("#talk img, img[src='x']").count()) === 0, "the markup made no image");
  }
  await ada.page.waitForTimeout(300);
  check(dialogs.length === 0, `a dialog opened: ${dialogs.join("; ")}`);
}

/** The private message reaches Bo only; Cy and the spectator see that Ada whispered to Bo. */
async function checkWhisper({ ada, bo, cy, watcher }, out) {
  await say(ada, 1, kSecret);
  await waitForLine(ada, 1, kSecret);
  await bo.page.waitForSelector('#talk-tab-0[data-unread="1"]');
  await shoot(bo, "desktop-unread", out);
  await waitForLine(bo, 0, kSecret);
  for (const p of [cy, watcher]) await p.page.waitForSelector("#talk-lines .talk-line.whisper");
  for (const [p, who] of [[cy, "Cy"], [watcher, "the spectator"]]) {
    const marks = await p.page.locator("#talk-lines .talk-line.whisper").allTextContents();
    check(marks.some((m) => m.startsWith("Ada whispered to Bo")), `${who} sees the whisper mark (${marks.join("; ")})`);
    check(p.record.frames.some((f) => { const m = JSON.parse(f); return m.type === "said" && m.whisper && m.from === 0 && m.to === 1; }),
      `${who} got the whisper as a mark`);
    await neverSaw(p, kSecret, who);
  }
  let caught = false;
  try {
    await neverSaw(bo, kSecret, "Bo");
  } catch {
    caught = true;
  }
  check(caught, "the check finds the private text where it was sent");
}

/** Too many messages too fast: the refusal shows in the panel and the text stays in the box. */
async function checkRefusalKeepsText(ada) {
  for (let i = 1; i <= 12; ++i) {
    const text = `one more thing, ${i}`;
    await say(ada, 1, text);
    await ada.page.waitForFunction(
      (t) => document.getElementById("talk-text").value === "" || document.getElementById("talk-error").textContent !== "", text);
    if ((await ada.page.locator("#talk-error").textContent()) !== "") {
      check((await ada.page.locator("#talk-text").inputValue()) === text, "the refused text stays in the box");
      return i;
    }
  }
  throw new Error("twelve quick messages were all taken");
}

async function checkSpectator(watcher) {
  check(!(await watcher.page.locator("#talk-text").isVisible()), "a spectator has no box to write in");
  check(/watching/i.test(await watcher.page.locator("#talk-reason").textContent()), "the spectator is told why");
  check((await watcher.page.locator("#talk .talk-tab").count()) === 1, "a spectator has only the table's channel");
}

/** The replay viewer shows the table's talk said up to the step viewed. */
async function checkReplay(ada, base, code, steps, out) {
  const lines = async (step) => {
    await ada.page.goto(`${base}/#/replay/${code}?seat=spectator&step=${step}`);
    await ada.page.waitForSelector(`#replay[data-step="${step}"] #talk`);
    return ada.page.locator("#talk-lines .talk-text").allTextContents();
  };
  const first = await lines(0);
  check(first.includes(kMarkup) && !first.includes(kAfter), `the replay at step 0 shows ${JSON.stringify(first)}`);
  const last = await lines(steps);
  check(last.includes(kMarkup) && last.includes(kAfter) && !last.includes(kSecret), `the replay at the end shows ${JSON.stringify(last)}`);
  await shoot(ada, "replay", out);
}

await runTest("browser.talk", async ({ server, browser, args }) => {
  const base = server.base;
  const out = args.out ?? path.resolve("screenshots");
  mkdirSync(out, { recursive: true });
  const dialogs = [];
  const open = async () => {
    const person = await newPage(browser, kDesktop);
    person.page.on("dialog", (d) => {
      dialogs.push(d.message());
      d.dismiss();
    });
    return person;
  };
  const ada = await open();
  await checkTalkOff(ada, base, out);
  const code = await createTableFromLobby(ada.page, base, {
    game: "persuasion", players: 3, seats: ["human", "human", "human"], name: "Ada", options: { max_rounds: 1 },
  });
  const bo = await open();
  const cy = await open();
  check((await joinFromInvite(bo.page, base, code, "Bo")) === 1 && (await joinFromInvite(cy.page, base, code, "Cy")) === 2,
    "Bo and Cy take seats 1 and 2");
  const watcher = await open();
  await watcher.page.goto(`${base}/#/table/${code}`);
  const people = [ada, bo, cy];
  const everyone = [...people, watcher];
  for (const p of everyone) await p.page.waitForSelector('#table[data-status="playing"] #talk');

  // Before the first move: the table talks; nobody holds anyone's card, so Ada's thread with Bo is closed.
  for (const p of everyone) await checkThreads(p);
  await ada.page.click("#talk-tab-1");
  check((await ada.page.locator("#talk-tab-1").getAttribute("data-open")) === "false", "before any card is held, Ada's thread with Bo is closed");
  check(await ada.page.locator("#talk-text").isDisabled(), "a closed thread takes no text");
  await checkCounter(ada);
  await checkMarkupIsText(ada, everyone, dialogs);
  await checkSpectator(watcher);

  // Round 1: Ada invites Bo, Bo accepts; while he holds her card they may talk.
  const accepted = async () => {
    const view = (await settled(ada)).view;
    return (view.mail ?? []).some((l) => l.from === 0 && l.to === 1 && l.state === "accepted");
  };
  await playUntil(people, everyone, accepted);
  const adaState = await checkThreads(ada);
  check(adaState.talk.seats.includes(1), `Ada may write to Bo now (talk ${JSON.stringify(adaState.talk)})`);
  check(!(await checkThreads(cy)).talk.seats.length, "Cy may write to nobody privately now");
  await checkWhisper({ ada, bo, cy, watcher }, out);
  await shoot(ada, "desktop", out);
  await shoot(cy, "desktop-whisper", out);
  const refusedAt = await checkRefusalKeepsText(ada);
  await shoot(ada, "desktop-refused", out);

  // The end: the cards went home (the thread is closed, still readable), and the table talks again.
  const finished = async () => (await settled(ada)).status === "finished";
  await playUntil(people, everyone, finished);
  for (const p of everyone) await checkThreads(p);
  await waitForLine(bo, 0, kSecret);
  check((await bo.page.locator("#talk-tab-0").getAttribute("data-open")) === "false", "after the round Bo's thread with Ada is closed");
  check(await bo.page.locator("#talk-text").isDisabled(), "a closed thread takes no text");
  await bo.page.setViewportSize({ width: 390, height: 844 });
  await checkNoSideScroll(bo.page, "the table with its talk at 390 px");
  check(!(await bo.page.evaluate(talkInSight)), "at 390 px the talk panel starts below the board");
  await bo.page.click("#talk-jump");
  await bo.page.waitForFunction(talkInSight);
  await bo.page.screenshot({ animations: "disabled", path: path.join(out, "talk-phone.png") });
  await shoot(bo, "phone-full", out);
  await sayTwoLines(bo, kAfter);   // Ada said too much too fast a moment ago
  for (const p of everyone) await waitForLine(p, "table", kAfter);
  await shoot(watcher, "desktop-spectator", out);

  const { steps } = await getJson(`${base}/api/tables/${code}`);
  await checkReplay(ada, base, code, steps, out);
  check(dialogs.length === 0, `a dialog opened: ${dialogs.join("; ")}`);
  const errors = everyone.flatMap((p) => p.record.errors);
  check(errors.length === 0, `page errors: ${errors.join("; ")}`);
  console.log(`talk ${code}: ${steps} steps; the private message reached Bo only; refused as too fast at message ${refusedAt}`);
});
