// The lobby: pick a game, set it up (players, options, who sits where), list open tables, join by code.
import {
  createTable,
  listGames,
  listTables,
  loadName,
  openNewTable,
  saveName,
  type GameInfo,
  type OptionSpec,
  type TableSummary,
} from "./api";
import { botLine, botOptions, defaultBot } from "./bots";
import { h, mount, toast } from "./dom";
import { labLink, pageHeader } from "./header";

const kHuman = "human";

export function showLobby(app: HTMLElement): () => void {
  let stopped = false;
  const tablesBox = h("div.table-list", h("p.muted", "Loading tables…"));
  const setupBox = h("div.setup", h("p.muted", "Loading games…"));
  mount(
    app,
    pageHeader(labLink()),
    h(
      "main.lobby#lobby",
      h("section.panel.new-table", h("h2", "New table"), setupBox),
      h(
        "section.panel.open-tables",
        h("h2", "Tables"),
        joinByCode(),
        tablesBox,
      ),
    ),
  );

  let games: GameInfo[] = [];
  listGames()
    .then((g) => {
      games = g;
      if (!stopped) mount(setupBox, setupForm(games));
      refreshTables();
    })
    .catch((e) => mount(setupBox, h("p.error", `Could not load the games: ${e.message}`)));

  async function refreshTables() {
    try {
      const tables = await listTables();
      if (!stopped) mount(tablesBox, tableList(tables, games));
    } catch (e) {
      if (!stopped) mount(tablesBox, h("p.error", `Could not load the tables: ${(e as Error).message}`));
    }
  }
  const timer = setInterval(refreshTables, 4000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

function joinByCode(): HTMLElement {
  const input = h("input", { placeholder: "table code, e.g. K7QX2M", maxlength: 12, "aria-label": "table code" });
  const go = () => {
    const code = input.value.trim().toUpperCase();
    if (code) location.hash = `#/table/${code}`;
  };
  input.addEventListener("keydown", (e) => e.key === "Enter" && go());
  return h("div.row.join-code", input, h("button.secondary", { type: "button", onclick: go }, "Open"));
}

function tableList(tables: TableSummary[], games: GameInfo[]): HTMLElement {
  if (tables.length === 0) return h("p.muted", "No tables yet. Create one.");
  return h(
    "ul.tables",
    tables.map((t) => {
      const free = t.seats.filter((s) => s.kind === "human" && !s.taken).length;
      const who = t.seats.map((s) =>
        h(
          "span.chip",
          { class: s.kind === "bot" ? "bot" : s.taken ? "person" : "free" },
          s.kind === "bot" ? `${s.bot} bot` : s.taken ? s.name || "someone" : "free seat",
        ),
      );
      const title = games.find((g) => g.id === t.game)?.title ?? t.title ?? t.game;
      return h(
        "li.table-row",
        { "data-code": t.code },
        h(
          "div.table-row-head",
          h("a.code", { href: `#/table/${t.code}` }, t.code),
          h("span.game-title", title),
          h("span.status", { class: t.status }, statusWord(t)),
        ),
        h("div.chips", who, t.talk === false ? h("span.chip.talk-off", "talk off") : null),
        h(
          "div.row",
          t.status === "waiting" && free > 0
            ? h("a.button", { href: `#/table/${t.code}` }, `Join (${free} free)`)
            : null,
          t.status === "finished"
            ? h("a.button.secondary", { href: `#/replay/${t.code}` }, "Replay")
            : h("a.button.secondary", { href: `#/table/${t.code}` }, "Watch"),
        ),
      );
    }),
  );
}

function statusWord(t: TableSummary): string {
  if (t.status === "waiting") return "waiting for people";
  if (t.status === "playing") return `playing · move ${t.steps}`;
  return "finished";
}

/** The new-table form; it rebuilds its seat and option rows when the game or player count changes. */
function setupForm(games: GameInfo[]): HTMLElement {
  if (games.length === 0) return h("p.muted", "The server has no games.");
  return new SetupForm(games).form;
}

/** The form laid out: game and its summary, players, who sits where, options and seed, name, talk. */
function setupFormElement(f: SetupForm): HTMLFormElement {
  return h(
    "form.setup-form",
    h("label.field", h("span", "Game"), f.gameSelect),
    f.summary,
    h("label.field", h("span", "Players"), f.players),
    h("fieldset", h("legend", "Who sits where"), f.seatsBox),
    h("details.options", h("summary", "Options"), f.optionsBox, h("label.field", h("span", "Seed"), f.seed), f.seedNote),
    h("label.field", h("span", "Your name"), f.name),
    h("label.field.inline.talk-option", f.talk, h("span", "Table talk"),
      h("small.muted", "players talk as the game's rule allows (its rules page says when)")),
    f.create,
  );
}

/** The new-table form's inputs (each with the id the page and its tests know it by) and what they do. */
class SetupForm {
  readonly gameSelect: HTMLSelectElement;
  readonly summary = h("p.summary.muted");
  readonly players = h("input#players", { type: "number", name: "players" });
  readonly seatsBox = h("div.seats-setup");
  readonly optionsBox = h("div.options-setup");
  readonly name = h("input#name", { name: "name", placeholder: "your name", value: loadName(), maxlength: 40 });
  readonly seed = h("input#seed", { name: "seed", type: "number", placeholder: "random", min: 0 });
  // A deal follows from its seed, so a table of two or more people is always dealt at random (the
  // server refuses a chosen seed there; docs/protocol.md, seed_not_allowed).
  readonly seedNote = h("small#seed-note.muted", "Dealt at random when two or more people play: a known seed shows every hand.");
  readonly talk = h("input#talk", { name: "talk", type: "checkbox", checked: true });
  readonly create = h("button#create", { type: "submit" }, "Create table");
  readonly form: HTMLFormElement;
  private seatChoices: string[] = [];

  constructor(private readonly games: GameInfo[]) {
    this.gameSelect = h("select#game", { name: "game" }, games.map((g) => h("option", { value: g.id }, g.title)));
    this.gameSelect.addEventListener("change", () => this.rebuildGame());
    this.players.addEventListener("change", () => this.rebuildSeats());
    this.players.addEventListener("input", () => this.rebuildSeats());
    this.rebuildGame();
    this.form = setupFormElement(this);
    this.form.addEventListener("submit", (e) => this.submit(e));
  }

  private game(): GameInfo {
    return this.games.find((g) => g.id === this.gameSelect.value)!;
  }

  private people(): number {
    return this.seatChoices.filter((c) => c === kHuman).length;
  }

  /** A chosen seed only while fewer than two people play. */
  private updateSeed(): void {
    const { seed, seedNote } = this;
    const shared = this.people() >= 2;
    seed.disabled = shared;
    seedNote.hidden = !shared;
    if (shared) seed.value = "";
  }

  /** A person or a bot per seat: the first seat a person, the others the game's default bot ("normal"). */
  private rebuildSeats(): void {
    const g = this.game();
    const n = Math.max(g.min_seats, Math.min(g.max_seats, Number(this.players.value) || g.min_seats));
    const bot = defaultBot(g);
    this.seatChoices = Array.from({ length: n }, (_, i) => this.seatChoices[i] ?? (i === 0 ? kHuman : bot));
    mount(this.seatsBox, this.seatChoices.map((choice, i) => this.seatField(g, choice, i)));
    this.updateSeed();
  }

  private seatField(g: GameInfo, choice: string, i: number): HTMLElement {
    const sel = h(
      "select",
      { name: `seat${i}`, "aria-label": `seat ${i}` },
      h("option", { value: kHuman }, "a person"),
      botOptions(g),
    );
    sel.value = choice;
    const line = h("span.seat-line.muted", botLine(g, choice));
    sel.addEventListener("change", () => {
      this.seatChoices[i] = sel.value;
      line.textContent = botLine(g, sel.value);
      this.updateSeed();
    });
    return h("label.seat-setup", h("span", `Seat ${i}`), sel, line);
  }

  /** Another game: its summary, range of players, seats and options. */
  private rebuildGame(): void {
    const g = this.game();
    const { summary, players, optionsBox } = this;
    summary.textContent = g.summary;
    players.min = String(g.min_seats);
    players.max = String(g.max_seats);
    players.value = String(Math.min(g.max_seats, Math.max(g.min_seats, 4)));
    players.disabled = g.min_seats === g.max_seats;
    this.seatChoices = [];
    this.rebuildSeats();
    mount(optionsBox, g.options.length ? g.options.map(optionField) : h("p.muted", "This game has no options."));
  }

  /** Creates the table and opens it (the name is kept for next time when a person sits). */
  private async submit(e: Event): Promise<void> {
    e.preventDefault();
    const { create, seed, talk, name } = this;
    create.disabled = true;
    try {
      const g = this.game();
      const options: Record<string, string> = {};
      for (const o of g.options) options[o.name] = readOption(this.form, o);
      const table = await createTable({
        game: g.id,
        players: this.seatChoices.length,
        options,
        seats: this.seatChoices,
        ...(seed.value !== "" && this.people() < 2 ? { seed: Number(seed.value) } : {}),
        ...(talk.checked ? {} : { talk: false }),
      });
      if (this.seatChoices.includes(kHuman)) saveName(name.value.trim());
      await openNewTable(table.code, this.seatChoices, name.value.trim() || "Player");
    } catch (err) {
      toast(`Could not create the table: ${(err as Error).message}`);
    } finally {
      create.disabled = false;
    }
  }
}

function optionField(o: OptionSpec): HTMLElement {
  const id = `opt-${o.name}`;
  let input: HTMLElement;
  if (o.type === "bool") {
    input = h("input", { id, name: id, type: "checkbox", checked: o.default === "true" });
  } else if (o.type === "choice") {
    const sel = h("select", { id, name: id }, (o.choices ?? []).map((c) => h("option", { value: c }, c)));
    sel.value = o.default;
    input = sel;
  } else if (o.type === "int") {
    input = h("input", { id, name: id, type: "number", value: o.default, min: o.min, max: o.max });
  } else {
    input = h("input", { id, name: id, value: o.default });
  }
  return h("label.field.option", h("span", o.name), input, h("small.muted", o.help));
}

function readOption(form: HTMLFormElement, o: OptionSpec): string {
  const el = form.querySelector<HTMLInputElement | HTMLSelectElement>(`#opt-${CSS.escape(o.name)}`);
  if (!el) return o.default;
  if (o.type === "bool") return (el as HTMLInputElement).checked ? "true" : "false";
  return el.value === "" ? o.default : el.value;
}
