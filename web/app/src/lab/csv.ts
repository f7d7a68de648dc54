// A stored variant's card tables as CSV (designers keep card lists in spreadsheets): each [[table]] list
// exported (a download) and imported (through the game's checks, like a save), and each data file.
import { h, mount, toast } from "../dom";
import { LabError, csvUrl, importCsv, variantFileUrl, type Variant } from "./api";
import { downloadLink, zipButton } from "./report";
import { withoutPlace } from "./state";

export interface CsvHooks {
  /** Whether the editor holds unsaved edits (an import rewrites the file, so it waits for them). */
  edited(): boolean;
  /** The variant as the import left it, with a message for the designer. */
  imported(variant: Variant, message: string): void;
}

export function csvBox(v: Variant, hooks: CsvHooks): HTMLElement {
  const problem = h("div.problem.csv-problem", { role: "alert", hidden: true });
  const rows: HTMLElement[] = [];
  for (const [file, tables] of Object.entries(v.tables)) {
    for (const table of tables) {
      const input = h("input", { type: "file", accept: ".csv,text/csv", "aria-label": `import ${file} ${table} from CSV` });
      input.addEventListener("change", async () => {
        const chosen = input.files?.[0];
        input.value = "";
        if (!chosen) return;
        if (hooks.edited()) {
          toast("Save or undo your edits before importing a CSV: the import rewrites the file.");
          return;
        }
        problem.hidden = true;
        try {
          hooks.imported(await importCsv(v.id, file, table, await chosen.text()), `Imported ${chosen.name} into ${file}.`);
        } catch (e) {
          showCsvProblem(problem, e, chosen.name, file);
        }
      });
      rows.push(
        h(
          "div.csv-row",
          h("span.csv-what", h("code", file), ` [[${table}]]`),
          downloadLink(csvUrl(v.id, file, table), `${file.replace(/\.toml$/, "")}-${table}.csv`, "Export CSV"),
          h("label.button.secondary.small.file-button", "Import CSV", input),
        ),
      );
    }
  }
  return h(
    "details.csv",
    h("summary", "Card tables as CSV (spreadsheets)"),
    h("p.small.muted", "One row per entry, one column per field. An import replaces the list through the same checks, and writes the file anew (without its comments)."),
    rows,
    problem,
    h(
      "p.small.row",
      "The variant's files: ",
      Object.keys(v.files).map((f) => downloadLink(variantFileUrl(v.id, f), f, f)),
      zipButton(v),
    ),
  );
}

/**
 * A refused CSV import, shown at the CSV's row (the server's `row`): the server checks the file written
 * from the CSV, which the editor does not hold, so its line would point at the wrong text.
 */
function showCsvProblem(box: HTMLElement, e: unknown, csv: string, file: string) {
  box.hidden = false;
  if (!(e instanceof LabError)) {
    mount(box, h("b", "Not imported: "), (e as Error).message);
    return;
  }
  const where = [csv, e.row ? `row ${e.row}` : null, e.field ? `field ${e.field}` : null];
  mount(
    box,
    h("b", `Not imported into ${file}. `),
    h("span.where", where.filter(Boolean).join(", "), ": "),
    h("span.message", withoutPlace(e.message, e.file, e.line)),
  );
  box.scrollIntoView({ block: "nearest" });
}
