// The suitability spreadsheet as a notepad (rulebook, Setup 5: "a suitability spreadsheet, and 2 crest
// trackers for each other player's crest ... for tracking other player's trait symbols, and may be used
// however you like"). One row per other player (their crest), one cell per symbol that the player marks
// +, − or ? by clicking (or Enter), and a line for notes. It is the person's own: kept in this browser
// (localStorage, per table and seat), never sent to the server.
import { h } from "../../dom";
import { seatLabel } from "../../names";
import type { RenderContext } from "../types";
import { crest, symbolIcon, symbolName } from "./icons";

interface Sheet {
  marks: Record<string, string>;
  notes: Record<string, string>;
}

const kCycle = ["", "+", "−", "?"];

function tableCode(): string {
  return document.getElementById("table")?.dataset.code ?? /#\/table\/([A-Za-z0-9]+)/.exec(location.hash)?.[1] ?? "local";
}

function storageKey(seat: number): string {
  return `court.persuasion.notepad.${tableCode()}.${seat}`;
}

function load(seat: number): Sheet {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey(seat)) ?? "{}");
    return { marks: raw.marks ?? {}, notes: raw.notes ?? {} };
  } catch {
    return { marks: {}, notes: {} };
  }
}

function save(seat: number, sheet: Sheet): void {
  try {
    localStorage.setItem(storageKey(seat), JSON.stringify(sheet));
  } catch {
    // Private browsing may refuse storage: the notepad then lasts as long as the page.
  }
}

/** The notepad of seat `you` about `others`; `symbols` in the data's order with their names. */
export function notepad(you: number, others: number[], symbols: string[], names: Map<string, string>, ctx: RenderContext): HTMLElement {
  const sheet = load(you);
  const open = ctx.memo.get("persuasion.notepad.open") === true;
  const cell = (seat: number, symbol: string) => {
    const key = `${seat}.${symbol}`;
    const button = h("button.note-cell", { type: "button", "data-mark": sheet.marks[key] ?? "", title: `${seatLabel(ctx.seats, seat)}: ${symbolName(symbol, names)}` }, sheet.marks[key] ?? "");
    button.addEventListener("click", () => {
      const next = kCycle[(kCycle.indexOf(sheet.marks[key] ?? "") + 1) % kCycle.length];
      if (next) sheet.marks[key] = next;
      else delete sheet.marks[key];
      button.textContent = next;
      button.dataset.mark = next;
      save(you, sheet);
    });
    return h("td", button);
  };
  const note = (seat: number) => {
    const input = h("input.note-text", { type: "text", value: sheet.notes[seat] ?? "", placeholder: "notes", "aria-label": `notes on ${seatLabel(ctx.seats, seat)}` });
    input.addEventListener("input", () => {
      sheet.notes[seat] = input.value;
      save(you, sheet);
    });
    return input;
  };
  const details = h(
    "details.notepad",
    { id: "persuasion-notepad", open },
    h("summary", "Suitability spreadsheet (your notepad)"),
    h("p.small.muted", "Mark what you believe each player's dominant symbols are: click a box for +, again for −, again for ?. Only this browser keeps it."),
    h(
      "table.note-grid",
      h("thead", h("tr", h("th", "Player"), symbols.map((s) => h("th", { title: symbolName(s, names) }, symbolIcon(s), h("span.sym-name", symbolName(s, names)))))),
      h(
        "tbody",
        others.map((seat) =>
          h(
            "tr",
            h("th.note-who", crest(seat, "1.3em"), h("span", `Seat ${seat}`)),
            symbols.map((s) => cell(seat, s)),
          ),
        ),
      ),
    ),
    h("div.note-lines", others.map((seat) => h("label.note-line", crest(seat, "1.1em"), note(seat)))),
  );
  details.addEventListener("toggle", () => ctx.memo.set("persuasion.notepad.open", details.open));
  return details;
}
