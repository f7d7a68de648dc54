// The design advisor and the tuner in the Lab (issue 39), as a designer uses them on a variant's page: a big
// study shows its step and progress bar and is cancelled; a small one (Intrigue with one starting point, 40
// games a batch) ends with its findings, most severe first, each with its second-strength check and its
// `court sim` command, above the editor, and the page opens with them again after a reload. Then one option
// knob is tuned toward a length band, the Pareto front is shown as a table, and its best row saved as a
// variant appears in the variant list. Screenshots at 1280x800 and 390x844. No step waits on time: each waits
// for the page to show what it expects.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { labShots } from "./lab-shots.mjs";
import { check, newPage, runTest } from "./lib.mjs";

await runTest("browser.lab-advise", async ({ server, browser, args }) => {
  const out = args.out ?? path.resolve("screenshots");
  mkdirSync(out, { recursive: true });
  const { page, record } = await newPage(browser, { width: 1280, height: 800 });
  try {
    await designer(server, page, out);
  } catch (e) {
    await page.screenshot({ animations: "disabled", path: path.join(out, "lab-advise-failure.png") }).catch(() => {});
    throw new Error(`${e.message}\npage errors: ${record.errors.join("; ") || "none"} (screenshot lab-advise-failure.png)`, { cause: e });
  }
});

async function postJson(url, body) {
  const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status} ${await r.text()}`);
  return r.json();
}

async function openVariant(page, base, name) {
  await page.goto(`${base}/#/lab`);
  await page.locator(".variant-row a", { hasText: name }).click();
  await page.waitForSelector("#lab-advice .study-result > *");
}

async function designer(server, page, out) {
  const shots = (name, subject) => labShots(page, out, name, subject);
  const name = "Intrigue, one starting point";
  await postJson(`${server.base}/api/lab/variants`, { game: "intrigue", name, options: { starting_points: "1" } });
  await openVariant(page, server.base, name);

  // A big study: its step and bar while it runs, then Cancel.
  await page.fill("#lab-advise-games", "100000");
  await page.click("#lab-advise");
  await page.waitForSelector('.study-progress[data-status="running"]');
  await page.waitForFunction(() => /^Batch \d+ of \d+ known so far: .* of at most [\d,]+ games$/.test(document.querySelector(".study-step")?.textContent ?? ""));
  await shots("advise-running", ".study-progress");
  await page.click(".study-cancel");
  await page.waitForSelector("#lab-advice .study-result >> text=The study was cancelled.");

  // A small study: its findings, most severe first, above the editor.
  await page.fill("#lab-advise-games", "40");
  await page.click("#lab-advise");
  await page.waitForSelector("#lab-advice .advice-findings .finding");
  await checkFindings(page);
  await shots("advice", "#lab-advice .finding");

  // The study is a job among the Simulate panel's, and its report there is the same findings.
  await page.click("#lab-tab-simulate");
  await page.locator(".job-row", { hasText: "design study" }).first().locator("a.job-title").click();
  await page.waitForSelector(".report-box .report .advice-findings .finding");
  check((await page.locator(".job-row", { hasText: "design study" }).count()) === 2, "both studies are listed");
  await shots("study-job", ".report-box .report");
  await page.click("#lab-tab-variants");

  // The page opens with them.
  await page.reload();
  await openVariant(page, server.base, name);
  await page.waitForSelector("#lab-advice .advice-findings .finding");
  await checkFindings(page);

  // Tune one option knob toward a length band; save the front's best row as a variant.
  await page.click("#lab-tune-box > summary");
  await page.selectOption("#lab-tune-box .knob select", "starting_points");
  await page.fill("#lab-tune-box .knob input", "1..4");
  await page.selectOption("#lab-tune-box .target select", "length");
  await page.fill("#lab-tune-box .target input", "20..35");
  await page.fill("#lab-tune-budget", "400");
  await page.click("#lab-tune");
  await page.waitForSelector(".tune-result table");
  const best = await page.locator(".tune-best").textContent();
  check(/^Best: starting_points=\d/.test(best), `the best candidate is named: ${best}`);
  const rows = await page.locator(".tune-result tbody tr").count();
  check(rows >= 1, "the front has a row");
  const command = await page.locator(".tune-result .front-commands .command pre").first().textContent();
  check(command.includes("court sim intrigue") && command.includes("--set starting_points="), `the row's command: ${command}`);
  check((await page.locator(".tune-result thead th").allTextContents()).includes("length=20..35"), "a column per target");
  await shots("tune", ".tune-result table");
  const before = await page.locator(".variant-row").count();
  await page.locator(".save-proposal").first().click();
  await page.waitForFunction((n) => document.querySelectorAll(".variant-row").length === n + 1, before);
  const saved = await page.locator(".variant-row .variant-name").allTextContents();
  check(saved.some((t) => t.includes("tuned: starting_points=")), `the saved variant is listed: ${saved.join(" | ")}`);
}

async function checkFindings(page) {
  const severities = await page.locator("#lab-advice .finding .severity").allTextContents();
  const rank = { critical: 0, major: 1, minor: 2, note: 3 };
  check(severities.every((s, i) => i === 0 || rank[severities[i - 1]] <= rank[s]), `most severe first: ${severities}`);
  check(severities[0] === "critical", `the first finding is critical: ${severities}`);
  const first = page.locator("#lab-advice .finding").first();
  check((await first.locator(".command pre").textContent()).startsWith("court sim intrigue"), "the finding's command");
  check((await page.locator("#lab-advice .finding .strength").count()) > 0, "a second-strength check is shown");
  const above = await page.evaluate(() => {
    const advice = document.getElementById("lab-advice"), editor = document.querySelector(".file-editor");
    return !!advice && !!editor && !!(advice.compareDocumentPosition(editor) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  check(above, "the findings come before the editor");
}
