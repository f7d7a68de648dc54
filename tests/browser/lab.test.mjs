// The designer's Lab (#/lab, issue 21), as a designer uses it: from the lobby's header to the Lab; start
// from Intrigue's shipped data; edit the first card's quantity in the editor, first to a value the game
// refuses (the page shows the refusal at cards.toml and its line, on that tab, the line marked) and then to
// 4; an option out of range is shown at its field; save the variant with one round a game. Simulate: a large
// job shows its progress and is cancelled; 2,000 games of the variant and 2,000 of the shipped game (same
// seats and seed) run to their reports (findings, charts, seats, the court sim command); Compare marks the
// figures that differ significantly (the mean length, one round against three). Then a table of the
// variant is created from the Lab and its page loads. Screenshots at 1280×800 and 390×844 of each step.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { labShots } from "./lab-shots.mjs";
import { check, getJson, newPage, runTest } from "./lib.mjs";

const kGames = 2000;
const kSeed = 7;

await runTest("browser.lab", async ({ server, browser, args }) => {
  const out = args.out ?? path.resolve("screenshots");
  mkdirSync(out, { recursive: true });
  const { page, record } = await newPage(browser, { width: 1280, height: 800 });
  try {
    await designer(server, page, record, out);
  } catch (e) {
    await page.screenshot({ animations: "disabled", path: path.join(out, "lab-failure.png") }).catch(() => {});
    throw new Error(`${e.message}\npage errors: ${record.errors.join("; ") || "none"} (screenshot lab-failure.png)`, { cause: e });
  }
});

/** Puts the editor's cursor on `line` (whose text is `was`) and types the line anew, as a person would. */
async function retypeLine(page, line, was, text) {
  for (let tries = 0; ; ++tries) {
    await line.click();
    if ((await page.locator(".cm-activeLine").textContent()) === was) break;
    check(tries < 5, `the cursor did not land on "${was}"`);
    await page.waitForTimeout(100);   // the editor was still laying itself out
  }
  await page.keyboard.press("End");
  await page.keyboard.press("Shift+Home");
  await page.keyboard.type(text);
  check((await page.locator(".cm-activeLine").textContent()) === text, `the line reads "${text}"`);
}

async function designer(server, page, record, out) {
  const started = Date.now();
  const lap = (what) => console.log(`lab: ${what} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const shots = (name, subject) => labShots(page, out, name, subject);

  // The lobby's header leads to the Lab.
  await page.goto(`${server.base}/#/`);
  await page.click('header a.nav-link[href="#/lab"]');
  await page.waitForSelector("#lab-start");

  // Start from Intrigue's shipped data: a tab per data file.
  await page.selectOption("#lab-start-game", "intrigue");
  await page.click("#lab-start");
  await page.waitForSelector('.file-tab[data-file="characters.toml"]');
  const shipped = await getJson(`${server.base}/api/lab/games/intrigue`);
  const quantityLine = shipped.files["cards.toml"].split("\n").indexOf("quantity = 1") + 1;
  check(quantityLine > 0, "the first card has a quantity line");

  // The first card's quantity, by typing in the editor: a value the game refuses.
  await retypeLine(page, page.locator(".cm-content .cm-line", { hasText: /^quantity = 1$/ }).first(), "quantity = 1", "quantity = 99");
  check((await page.locator('.file-tab[data-file="cards.toml"] .edited').count()) === 1, "the edited tab is marked");
  await page.fill("#lab-variant-name", "Intrigue: four Oracles, one round");
  await page.click('.file-tab[data-file="characters.toml"]');   // the refusal must bring cards.toml back
  await page.click("#lab-save");
  await page.waitForSelector(".problem:not([hidden])");
  const problem = await page.locator(".problem").textContent();
  check(problem.includes(`cards.toml, line ${quantityLine}, field quantity`), `the refusal names file, line and field: ${problem}`);
  check((await page.locator('.file-tab.current').getAttribute("data-file")) === "cards.toml", "the refused file's tab is shown");
  check((await page.locator(".cm-error-line").textContent()) === "quantity = 99", "the refused line is marked");
  check(await page.locator(".cm-error-line").isVisible(), "the refused line is in view");
  await shots("editor-error", ".cm-error-line");

  // Fixed: four Oracles. An option out of range is refused at its field.
  await retypeLine(page, page.locator(".cm-error-line"), "quantity = 99", "quantity = 4");
  await page.fill("#lab-opt-rounds", "9");
  await page.click("#lab-save");
  await page.waitForSelector('.option-field.invalid[data-option="rounds"]');
  check((await page.locator(".problem").textContent()).includes("options, field rounds"), "the refusal names the option");
  check((await page.locator(".cm-error-line").count()) === 0, "no file line is marked for an option");
  await shots("option-error", ".option-field.invalid");
  await page.fill("#lab-opt-rounds", "1");
  await page.click("#lab-save");
  await page.waitForSelector(".variant-status code");
  const variant = (await getJson(`${server.base}/api/lab/variants`))[0];
  check(variant?.name === "Intrigue: four Oracles, one round", "the variant is stored under its name");
  const stored = await getJson(`${server.base}/api/lab/variants/${variant.id}`);
  check(/\[\[card\]\]\ntitle = "Oracle"[^[]*\nquantity = 4\n/.test(stored.files["cards.toml"]), "the stored file has four Oracles");
  check(stored.options.rounds === "1", "the stored options have one round");
  check(await page.locator(`.variant-row[data-variant="${variant.id}"]`).isVisible(), "the variant is listed");

  // The card list as CSV: exported; a spreadsheet's broken row is refused at its row; imported back.
  await page.click("details.csv summary");
  const [saved] = await Promise.all([page.waitForEvent("download"), page.click('.csv-row:has-text("cards.toml") a:has-text("Export CSV")')]);
  const csv = readFileSync(await saved.path(), "utf8");
  check(csv.split("\n")[1].startsWith("Oracle,action,oracle,0,4,"), `the CSV has a row per card: ${csv.split("\n")[1]}`);
  const cardsInput = '.csv-row:has-text("cards.toml") input[type=file]';
  const broken = csv.replace("Oracle,action,oracle,0,4,", "Oracle,action,oracle,0,many,");
  await page.setInputFiles(cardsInput, { name: "cards.csv", mimeType: "text/csv", buffer: Buffer.from(broken) });
  await page.waitForSelector(".csv-problem:not([hidden])");
  const csvProblem = await page.locator(".csv-problem").textContent();
  check(csvProblem.includes("cards.csv, row 2, field quantity"), `the CSV refusal names its row: ${csvProblem}`);
  await page.setInputFiles(cardsInput, { name: "cards.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.waitForSelector(".csv-problem[hidden]", { state: "attached" });
  // The file written from the CSV has no comments.
  await page.waitForFunction(() => !document.querySelector(".cm-content").textContent.includes("# Intrigue"));

  lap("variant saved");
  // Simulate: a long job shows its progress and is cancelled.
  await page.click("#lab-simulate-variant");
  await page.waitForSelector("#lab-panel-simulate:not([hidden])");
  check((await page.inputValue("#sim-source")) === `variant:${variant.id}`, "the variant is chosen to simulate");
  await page.waitForSelector('.sim-seats input[data-seat="2"]');
  // The seats' suggestions name each offered bot with its rating (data/ratings.toml), as the lobby does.
  const suggested = await page.locator("#sim-bots option").allTextContents();
  check(suggested.some((t) => t.startsWith("Normal · 1500: ")), `no rated normal bot among ${suggested.join(" | ")}`);
  // A million games between heuristic bots take minutes, so the job is still running when it is cancelled
  // however fast the machine.
  for (let i = 0; i < 3; i++) await page.fill(`.sim-seats input[data-seat="${i}"]`, "heuristic");
  await page.fill("#sim-games", "1000000");
  await page.click("#sim-run");
  await page.waitForSelector('.job-row[data-status="running"] progress');
  await page.waitForFunction(() => Number(document.querySelector(".job-row progress")?.getAttribute("value")) > 500);
  await shots("job-running", ".job-row");
  await page.click('.job-row[data-status="running"] button:has-text("Cancel")');
  await page.waitForSelector('.job-row[data-status="cancelled"]');

  lap("long job cancelled");
  // 2,000 games of the variant, then of the shipped game: the same random seats and seed.
  const runJob = async (source) => {
    await page.selectOption("#sim-source", source);
    await page.waitForSelector('.sim-seats input[data-seat="2"]');
    for (let i = 0; i < 3; i++) await page.fill(`.sim-seats input[data-seat="${i}"]`, "random");
    await page.fill("#sim-games", String(kGames));
    await page.fill("#sim-seed", String(kSeed));
    const before = await page.locator(".job-row").count();
    await page.click("#sim-run");
    await page.waitForFunction((n) => document.querySelectorAll(".job-row").length > n, before);
    const id = await page.locator(".job-row").first().getAttribute("data-job");
    await page.waitForSelector(`.job-row[data-job="${id}"][data-status="done"]`, { timeout: 60_000 });
    await page.waitForSelector(`.report[data-job="${id}"] .report-body`);
    return Number(id);
  };
  const variantJob = await runJob(`variant:${variant.id}`);
  const shippedJob = await runJob("game:intrigue");
  const job = await getJson(`${server.base}/api/lab/jobs/${variantJob}`);
  check(job.request.seats.join() === "random,random,random" && job.request.seed === kSeed, "the job has the chosen seats and seed");

  lap("both jobs done");
  // The variant's report: findings, the HTML report's charts, seats, downloads, the command.
  await page.click(`.job-row[data-job="${variantJob}"] .job-title`);
  await page.waitForSelector(`.report[data-job="${variantJob}"] .chart svg`);
  const report = page.locator(`.report[data-job="${variantJob}"]`);
  check((await report.locator("ul.findings li").count()) >= 2, "the report lists its findings");
  check((await report.locator(".chart svg").count()) >= 4, "the report draws its charts");
  check((await report.locator("h3:has-text('Seats') + .table-scroll tbody tr").count()) === 3, "a row per seat");
  check((await report.locator("h3:has-text('Card impact')").count()) === 1, "the card impact table");
  const command = await report.locator(".command pre").first().textContent();
  check(command.startsWith("court sim intrigue") && command.includes("--data") && command.includes(`--seed ${kSeed}`), `the command: ${command}`);
  for (const kind of ["json", "csv", "html"]) {
    check((await report.locator(`a[href="/api/lab/jobs/${variantJob}/report.${kind}"]`).count()) === 1, `report.${kind} link`);
  }
  await page.waitForSelector(`.reproduce .files a[href$="/files/cards.toml"]`);
  // The variant as one .zip: a folder named after it with every data file, ready for --data.
  const [zip] = await Promise.all([page.waitForEvent("download"), page.click(".reproduce .files button.zip")]);
  const zipped = unzipSync(readFileSync(await zip.path()));
  const now = await getJson(`${server.base}/api/lab/variants/${variant.id}`);
  const folder = "Intrigue-four-Oracles-one-round";
  check(zip.suggestedFilename() === `${folder}.zip`, `the zip's name: ${zip.suggestedFilename()}`);
  check(Object.keys(zipped).sort().join() === Object.keys(now.files).sort().map((f) => `${folder}/${f}`).join(),
    `the zip holds every data file in one folder: ${Object.keys(zipped).join(", ")}`);
  check(strFromU8(zipped[`${folder}/cards.toml`]) === now.files["cards.toml"], "the zip's cards.toml is the variant's");
  await page.locator(".reproduce").scrollIntoViewIfNeeded();
  await shots("reproduce", ".reproduce .files");
  await shots("report", `.report[data-job="${variantJob}"] .chart`);

  lap("report shown");
  // Compare: the shipped game against the variant; at least the mean length differs significantly.
  await page.click("#lab-tab-compare");
  await page.selectOption("#cmp-a", String(shippedJob));
  await page.selectOption("#cmp-b", String(variantJob));
  await page.click("#cmp-run");
  await page.waitForSelector(".comparison");
  const marked = await page.locator(".comparison tr.significant td:first-child").allTextContents();
  check(marked.includes("★ mean length"), `the mean length differs significantly (marked: ${marked.join(", ")})`);
  const dataLine = await page.locator(".comparison").textContent();
  check(dataLine.includes("A ran the shipped data, B a variant's data; they differ in cards.toml."), `the data line: ${dataLine}`);
  await shots("compare", ".comparison tr.significant");

  lap("compared");
  // Play the variant: a table created from the Lab, whose page loads.
  await page.click("#lab-tab-variants");
  await page.click("#lab-play");
  await page.waitForSelector("#table[data-step]");
  const code = await page.locator("#table").getAttribute("data-code");
  const table = await getJson(`${server.base}/api/tables/${code}`);
  check(table.game === "intrigue", "the table plays Intrigue");
  check(table.options.rounds === "1", `the table has the variant's options (${JSON.stringify(table.options)})`);
  check(table.variant === variant.name, `the table names its variant (${table.variant})`);
  await page.screenshot({ animations: "disabled", path: path.join(out, "lab-table.png") });

  // Away from this machine without the token the server answers 403 lab_closed: the page says so.
  const away = await newPage(page.context().browser(), { width: 390, height: 844 });
  await away.page.route("**/api/lab/variants", (route) =>
    route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ code: "lab_closed", error: "the Lab answers this machine only" }) }),
  );
  await away.page.goto(`${server.base}/#/lab`);
  await away.page.waitForSelector(".lab-closed #lab-token");
  check((await away.page.locator(".lab-closed h2").textContent()).includes("closed"), "the page says the Lab is closed");
  await away.page.screenshot({ animations: "disabled", path: path.join(out, "lab-closed-phone.png") });
  await away.context.close();

  // The refused saves are the only answers that were not 2xx.
  const errors = record.errors.filter((e) => !e.includes("status of 400 (Bad Request)"));
  check(errors.length === 0, `page errors: ${errors.join("; ")}`);
  console.log(`lab: variant ${variant.id}, jobs ${variantJob} and ${shippedJob} compared (${marked.length} significant), table ${code}`);
}
