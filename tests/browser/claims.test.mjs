// Claims in the talk panel (docs/protocol.md, "Talk"; docs/architecture.md, "Claims") at a Persuasion
// (letterbox) table of one person and two talking bots (the `honest` and `liar` personas). The test checks that
// - the bots' claims to the table before the first move show in the panel in words, marked as claims;
// - the claim picker beside the text box offers the game's claims in its words, and each kind's values;
// - during round 1's intentions (Mail Bound: the introductions are out) a bot's thread is open for claims only:
//   the text box is hidden there, and a claim Ada picks goes to the bot as structure (kind and value, no
//   text) and comes back in words on her page;
// - the panel fits a 390 px phone without scrolling sideways.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { check, checkNoSideScroll, createTableFromLobby, drawnState, kTimeout, newPage, runTest } from "./lib.mjs";

const kDesktop = { width: 1280, height: 800 };

/** Ada's moves until round 1's intentions: she shows a card to each seat in turn. */
async function showUntilIntentions(ada) {
  for (let moves = 0; moves < 10; ++moves) {
    const state = await drawnState(ada.page, ada.record);
    if (state.view.phase !== "introductions") return state;
    const move = state.legal.find((m) => m.parts.kind === "show") ?? state.legal[0];
    check(move !== undefined, `step ${state.step}: Ada has no move in the introductions`);
    await ada.page.locator(`#actions button.action[data-action="${move.action}"]`).click();
    await ada.page.waitForSelector(`#table:not([data-step="${state.step}"])`);
  }
  throw new Error("the introductions did not end within 10 of Ada's moves");
}

/** The texts of the claim lines the panel shows for the open thread. */
const claimLines = (page) => page.locator("#talk-lines .talk-line.claim .talk-text").allTextContents();

async function shoot(ada, name, out, fullPage = true) {
  await ada.page.screenshot({ animations: "disabled", path: path.join(out, `claims-${name}.png`), fullPage });
}

await runTest("browser.claims", async ({ server, browser, args }) => {
  const base = server.base;
  const out = args.out ?? path.resolve("screenshots");
  mkdirSync(out, { recursive: true });
  const ada = await newPage(browser, kDesktop);
  const code = await createTableFromLobby(ada.page, base, {
    game: "persuasion", players: 3, seats: ["human", "honest", "liar"], name: "Ada",
  });

  // Before the first move the honest bot told the table its desires, in words, marked as claims.
  await ada.page.click("#talk-tab-table");
  await ada.page.waitForSelector("#talk-lines .talk-line.claim", { timeout: kTimeout });
  const tableClaims = await claimLines(ada.page);
  check(tableClaims.filter((t) => /^My desires include [+-](Wealth|Title|Mystery|Romance|Danger)$/.test(t)).length >= 2,
    `the honest bot's desires show in words: ${JSON.stringify(tableClaims)}`);

  const kinds = await ada.page.locator("#claim-kind option").allTextContents();
  check(JSON.stringify(kinds) === JSON.stringify(["My desires include …", "I hold a card with …", "I am about to propose to …"]),
    `the picker offers the game's claims in its words: ${JSON.stringify(kinds)}`);
  const symbols = await ada.page.locator("#claim-value option").allTextContents();
  check(symbols.length === 10 && symbols[0] === "+Wealth" && symbols[9] === "-Danger", `symbol values: ${JSON.stringify(symbols)}`);
  await shoot(ada, "desktop-start", out);

  // Round 1's intentions: the introductions are out, so Ada may claim to each bot privately.
  const state = await showUntilIntentions(ada);
  check(state.talk.claim_seats.includes(1) && !state.talk.seats.includes(1), "seat 1 (a bot) takes claims, not text");
  await ada.page.click("#talk-tab-1");
  check(await ada.page.locator("#talk-text").isHidden(), "a bot's thread has no text box");
  check(/reads claims, not text/.test(await ada.page.locator("#talk-reason").textContent()), "the panel says why");
  await ada.page.selectOption("#claim-kind", { label: "I hold a card with …" });
  await ada.page.selectOption("#claim-value", { label: "-Danger" });
  await ada.page.click("#claim-send");
  await ada.page.waitForFunction(
    () => [...document.querySelectorAll("#talk-lines .talk-line.claim.mine .talk-text")].some((e) => e.textContent === "I hold a card with -Danger"),
    null, { timeout: kTimeout });
  const sent = (ada.record.sent ?? []).map((f) => JSON.parse(f)).filter((m) => m.type === "say");
  check(sent.length === 1 && sent[0].to === 1 && sent[0].claim?.kind === "holds_symbol" && sent[0].claim?.value === 9 &&
    sent[0].text === undefined, `the claim went as structure: ${JSON.stringify(sent)}`);
  await shoot(ada, "desktop-bot-thread", out);

  await ada.page.setViewportSize({ width: 390, height: 844 });
  await checkNoSideScroll(ada.page, "the table with claims at 390 px");
  await ada.page.click("#talk-jump");
  await shoot(ada, "phone", out, false);
  check(ada.record.errors.length === 0, `page errors: ${ada.record.errors.join("; ")}`);
  console.log(`claims ${code}: ${tableClaims.length} claims to the table before the first move; Ada's claim reached seat 1`);
});
