// The replay viewer: a finished table step by step, from any seat's view or the spectator's.
import { getTable, replayUrl, replayView, tableTalk, type ReplayStep, type TableSummary, type TalkMessage } from "./api";
import { redrawAnimated } from "./animate";
import { h, mount } from "./dom";
import { keepingFocus } from "./focus";
import { pageHeader } from "./header";
import { HowToPlay } from "./how-to-play";
import { seatLabel } from "./names";
import { outcomePanel } from "./outcome";
import { logPanel } from "./render/log";
import { renderBoard } from "./render/registry";
import { lookingOnly } from "./render/types";
import { talkLines } from "./talk";

export function showReplay(app: HTMLElement, code: string, params: URLSearchParams): () => void {
  const root = h("main.replay-page#replay", { "data-code": code }, h("p.muted", "Loading the replay…"));
  mount(app, pageHeader(h("span.invite", "Replay of table ", h("a.code", { href: `#/table/${code}` }, code))), root);
  let stopped = false;
  let viewer: ReplayViewer | undefined;
  const howToPlay = new HowToPlay("");

  getTable(code)
    .then((table) => {
      if (stopped) return;
      if (table.status !== "finished") {
        mount(root, h("p", "This table is still being played; its replay opens when the game is over. "),
          h("a.button", { href: `#/table/${code}` }, "Go to the table"));
        return;
      }
      howToPlay.setGame(table.game);
      viewer = new ReplayViewer(root, code, table, params, howToPlay);
    })
    .catch((e) => mount(root, h("p.error", `Table ${code}: ${e.message}`)));

  return () => {
    stopped = true;
    viewer?.close();
    howToPlay.close();
  };
}

/** The step and seat a replay's address asks for (the last step and the spectator by default). */
function startingPoint(table: TableSummary, params: URLSearchParams): { seat: number | "spectator"; step: number } {
  const seatParam = params.get("seat");
  const seat = seatParam === null || seatParam === "spectator" || Number.isNaN(Number(seatParam)) ? "spectator" : Number(seatParam);
  let step = Math.max(0, Math.min(table.steps, Number(params.get("step") ?? table.steps) || 0));
  if (params.get("step") === null) step = table.steps;
  return { seat, step };
}

/** A finished table's replay: whose view, the step (first, previous, slider, next, last, play) and the board. */
class ReplayViewer {
  private seat: number | "spectator";
  private step: number;
  private request = 0;
  private timer: number | undefined;
  private closed = false;
  /** The table's public talk, fetched once; each step shows what was said up to it. */
  private readonly talk: Promise<TalkMessage[] | undefined>;
  private readonly seatSelect: HTMLSelectElement;
  private readonly slider: HTMLInputElement;
  private readonly stepLabel = h("span.step-label");
  private readonly playButton = h("button.secondary", { type: "button" }, "▶ Play");
  private readonly board = h("div.replay-board");

  constructor(
    private readonly root: HTMLElement,
    private readonly code: string,
    private readonly table: TableSummary,
    params: URLSearchParams,
    howToPlay: HowToPlay,
  ) {
    ({ seat: this.seat, step: this.step } = startingPoint(table, params));
    this.talk = table.talk ? tableTalk(code).then((t) => t.messages, () => undefined) : Promise.resolve([]);
    this.seatSelect = h(
      "select#replay-seat",
      { "aria-label": "whose view" },
      h("option", { value: "spectator" }, "Spectator (public facts)"),
      table.seats.map((s) => h("option", { value: s.seat }, `${seatLabel(table.seats, s.seat)}'s view`)),
    );
    this.seatSelect.value = String(this.seat);
    this.slider = h("input#replay-step", { type: "range", min: 0, max: table.steps, value: this.step, "aria-label": "step" });
    mount(
      root,
      h("div.title-row", h("h1", `${table.title} · replay`), h("span.muted", `table ${code}`), h("div.title-tools", howToPlay.button())),
      outcomePanelCompact(table),
      this.controls(),
      this.board,
    );
    this.listen();
    this.go(this.step);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  /** Whose view, and the buttons and slider that choose the step. */
  private controls(): HTMLElement {
    const steps = this.table.steps;
    const go = (to: () => number) => () => this.go(to());
    return h(
      "div.panel.replay-controls",
      h("label.field.inline", h("span", "View of"), this.seatSelect),
      h(
        "div.row",
        h("button.secondary", { type: "button", title: "first", onclick: go(() => 0) }, "⇤ first"),
        h("button.secondary#replay-prev", { type: "button", title: "previous", onclick: go(() => this.step - 1) }, "◀"),
        this.slider,
        h("button.secondary#replay-next", { type: "button", title: "next", onclick: go(() => this.step + 1) }, "▶"),
        h("button.secondary", { type: "button", title: "last", onclick: go(() => steps) }, "last ⇥"),
        this.playButton,
        this.stepLabel,
      ),
      h("a.button.secondary", { href: replayUrl(this.code), download: `court-${this.code}.json` }, "Download the replay document"),
    );
  }

  /** Whose view, the slider, and Play (a step every 0.9 s until the end). */
  private listen(): void {
    const steps = this.table.steps;
    this.seatSelect.addEventListener("change", () => {
      this.seat = this.seatSelect.value === "spectator" ? "spectator" : Number(this.seatSelect.value);
      this.go(this.step);
    });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.playButton.addEventListener("click", () => {
      if (this.timer !== undefined) return this.pause();
      if (this.step >= steps) this.go(0);
      this.playButton.textContent = "⏸ Pause";
      this.timer = window.setInterval(() => (this.step >= steps ? this.pause() : this.go(this.step + 1)), 900);
    });
  }

  private pause(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.playButton.textContent = "▶ Play";
  }

  /** Shows step `to` (kept within the game) from the chosen seat, and writes it into the address. */
  private async go(to: number): Promise<void> {
    const { table, board } = this;
    this.step = Math.max(0, Math.min(table.steps, to));
    this.slider.value = String(this.step);
    this.stepLabel.textContent = `step ${this.step} of ${table.steps}`;
    history.replaceState(null, "", `#/replay/${this.code}?seat=${this.seat}&step=${this.step}`);
    const mine = ++this.request;
    try {
      const seat = this.seat;
      const answer = await replayView(this.code, this.step, seat);
      if (mine !== this.request || this.closed) return;
      this.root.dataset.step = String(answer.step);
      this.root.dataset.seat = String(seat);
      const said = talkPanel(await this.talk, table, answer.step);
      if (mine !== this.request || this.closed) return;
      const layout = h("div.layout", h("section.board", renderBoard(answer.view, lookingOnly(table.game, seat, table.seats))),
        h("aside.side", said, logPanel(answer.view.log ?? [], Number(answer.view.log_total ?? 0))));
      keepingFocus(board, () => redrawAnimated(board, () => mount(board, moveLine(answer, seat, table), layout)));
    } catch (e) {
      if (mine === this.request) mount(board, h("p.error", (e as Error).message));
    }
  }
}

/**
 * The line above the board: which move led here. A move's label may name what only its mover knew: it
 * shows in the mover's own view; other views (and the spectator's) say who moved, and their log says what
 * they could see.
 */
function moveLine(answer: ReplayStep, seat: number | "spectator", table: TableSummary): HTMLElement {
  const mover = answer.move ? seatLabel(table.seats, answer.move.seat) : "";
  const showLabel = answer.move && seat === answer.move.seat;
  return h(
    "p.replay-move#replay-move",
    !answer.move ? "The start of the game." : showLabel ? `Move ${answer.step}: ${mover} — ${answer.move.label}` : `Move ${answer.step}: ${mover} moved.`,
  );
}

/** The table's talk said up to `step` (spectators' reading: no private messages). */
function talkPanel(messages: TalkMessage[] | undefined, table: TableSummary, step: number): HTMLElement | null {
  if (!table.talk) return null;
  if (!messages) return h("section.panel.talk#talk", h("h3", "Table talk"), h("p.muted", "The table's talk could not be loaded."));
  const list = talkLines(messages.filter((m) => m.step <= step), table.seats, "spectator", h("ol.talk-lines#talk-lines"));
  requestAnimationFrame(() => (list.scrollTop = list.scrollHeight));
  return h("section.panel.talk#talk", h("h3", "Table talk"), list);
}

function outcomePanelCompact(table: TableSummary): HTMLElement {
  const panel = outcomePanel(table.outcome, table.seats, "spectator", table.code);
  panel.querySelector(".row")?.remove();
  panel.classList.add("compact");
  return panel;
}
