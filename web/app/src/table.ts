// The table page: one WebSocket, the game's renderer for the board, the line saying what this step
// asks, the seats with whose turn it is (and who has already chosen in a simultaneous choice), the log,
// the full move list one toggle away, "How to play", and the end-of-game screen.
import {
  forgetToken,
  getTable,
  joinTable,
  loadName,
  loadToken,
  saveName,
  saveToken,
  type LegalAction,
  type SeatInfo,
  type StateMessage,
  type TableSummary,
} from "./api";
import { redrawAnimated } from "./animate";
import { TableConnection } from "./connection";
import { h, mount, toast } from "./dom";
import { keepingFocus } from "./focus";
import { pageHeader } from "./header";
import { HowToPlay } from "./how-to-play";
import { seatLabel, seatName } from "./names";
import { outcomePanel } from "./outcome";
import { isTalkRefusal, TalkPanel } from "./talk";
import { logPanel } from "./render/log";
import { hasTable, renderBoard } from "./render/registry";
import type { RenderContext } from "./render/types";

export function showTable(app: HTMLElement, code: string): () => void {
  const link = h("span.link-state", "connecting…");
  const invite = inviteBox(code);
  const root = h("main.table-page#table", { "data-code": code }, h("p.muted", "Loading the table…"));
  mount(app, pageHeader(invite, link), root);
  const page = new TablePage(code, root, link);
  getTable(code)
    .then((t) => page.open(t))
    .catch((e) => mount(root, h("p.error", `Table ${code}: ${e.message}`), h("a", { href: "#/" }, "Back to the lobby")));
  return () => page.close();
}

/** A table's page once its summary is known: the connection, the state it brings, moves sent, joining. */
class TablePage {
  private summary: TableSummary | undefined;
  private state: StateMessage | undefined;
  private connection: TableConnection | undefined;
  private pending = false;
  private readonly chosen = new ChoiceTracker();
  private readonly memo = new Map<string, unknown>();
  private readonly howToPlay = new HowToPlay("");
  private readonly talk = new TalkPanel((to, text) => this.connection?.say(to, text) ?? false,
    (to, kind, value) => this.connection?.claim(to, kind, value) ?? false);

  constructor(
    private readonly code: string,
    private readonly root: HTMLElement,
    private readonly link: HTMLElement,
  ) {}

  open(summary: TableSummary): void {
    this.summary = summary;
    this.connect(loadToken(this.code));
  }

  close(): void {
    this.connection?.close();
    this.howToPlay.close();
  }

  /** Connects with this seat's token (or as a spectator); a refused token falls back to watching. */
  private connect(token: string | null): void {
    const code = this.code;
    this.connection?.close();
    this.connection = new TableConnection(code, token, {
      onState: (message) => this.stateCame(message),
      onTalk: (message) => this.talk.heard(message),
      onError: (message, errorCode) => {
        if (isTalkRefusal(errorCode)) return this.talk.refused(message);
        this.pending = false;
        toast(message);
        if (this.state) this.draw();
      },
      onRefused: (message) => {
        if (token) {
          forgetToken(code);
          toast(`Your seat could not be resumed (${message}); watching as a spectator.`);
          this.connect(null);
        } else {
          mount(this.root, h("p.error", message), h("p", h("a", { href: "#/" }, "Back to the lobby")));
        }
      },
      onLink: (up) => {
        this.link.textContent = up ? "connected" : "reconnecting…";
        this.link.className = `link-state ${up ? "up" : "down"}`;
      },
    });
  }

  /** A state from the server: the seats, talk and choices follow it, and the page is drawn again. */
  private stateCame(message: StateMessage): void {
    this.state = message;
    this.pending = false;
    this.chosen.update(message);
    this.talk.update(message);
    if (this.summary) this.summary = { ...this.summary, seats: message.seats, status: message.status };
    this.draw();
  }

  /** Sends a move (once: nothing more until the next state or an error). */
  private act(a: LegalAction): void {
    const { state, connection } = this;
    if (!state || !connection || this.pending) return;
    if (connection.move(state.step, a.action)) {
      this.pending = true;
      this.draw();
    } else {
      toast("Not connected; the move was not sent. Reconnecting…");
    }
  }

  private async join(name: string, seat: number): Promise<void> {
    try {
      saveName(name);
      const answer = await joinTable(this.code, name, seat);   // no name: the server names the seat "Player N"
      saveToken(this.code, answer.token);
      this.summary = await getTable(this.code);
      this.connect(answer.token);
    } catch (e) {
      toast(`Could not join: ${(e as Error).message}`);
    }
  }

  /** The whole page afresh from the last state (pieces slide, focus stays). */
  private draw(): void {
    const { state, summary, root } = this;
    if (!state) return;
    root.dataset.step = String(state.step);
    root.dataset.status = state.status;
    root.dataset.seat = String(state.seat);
    root.dataset.game = summary?.game ?? "";
    const game = summary?.game ?? String(state.view.game ?? "");
    this.howToPlay.setGame(game);
    const hands: Hands = { pending: this.pending, act: (a) => this.act(a), memo: this.memo, howToPlay: this.howToPlay, talk: this.talk };
    const view = () => tableView(state, summary, this.chosen, hands, (n, s) => this.join(n, s), () => this.draw());
    keepingFocus(root, () => redrawAnimated(root, () => mount(root, view())));
  }
}

interface Hands {
  pending: boolean;
  act: (a: LegalAction) => void;
  memo: Map<string, unknown>;
  howToPlay: HowToPlay;
  talk: TalkPanel;
}

function tableView(
  state: StateMessage,
  summary: TableSummary | undefined,
  chosen: ChoiceTracker,
  hands: Hands,
  join: (name: string, seat: number) => void,
  redraw: () => void,
): HTMLElement[] {
  const game = summary?.game ?? String(state.view.game ?? "");
  const seat = state.seat;
  const { pending, act, memo, howToPlay, talk } = hands;
  const status = statusBar(state, pending);
  const legal = state.status === "playing" ? state.legal : [];
  const prompt = (text: string) => {
    // An empty prompt keeps "Your move."
    if (status.classList.contains("yours") && text.trim() !== "") status.textContent = text;
  };
  const ctx: RenderContext = { game, seat, seats: state.seats, legal, act, pending, prompt, memo };
  const plain = localStorage.getItem("court.plain") === "1";
  const plainBox = h("input#plain-view", { type: "checkbox", checked: plain, "aria-label": "plain view" });
  plainBox.addEventListener("change", () => {
    localStorage.setItem("court.plain", plainBox.checked ? "1" : "0");
    redraw();
  });
  const out: HTMLElement[] = [
    h(
      "div.title-row",
      h("h1", summary?.title ?? game),
      h("span.muted.step-count", `move ${state.step}`),
      h("div.title-tools", talk.jump, howToPlay.button(), h("label.plain-toggle", plainBox, " plain view")),
    ),
    status,
    seatsBar(state, chosen),
  ];
  if (state.status === "finished") out.push(outcomePanel(state.outcome, state.seats, seat, summary?.code ?? ""));
  const side: HTMLElement[] = [];
  if (seat !== "spectator" && state.status !== "finished") {
    const list = actionsPanel(state.legal, pending, act);
    side.push(hasTable(game) && !plain ? foldedList(list, state.legal.length) : list);
  }
  if (seat === "spectator" && summary && state.status === "waiting") side.push(joinPanel(state.seats, join));
  if (seat === "spectator") side.push(h("p.spectating", "You are watching as a spectator: you see only public facts."));
  side.push(talk.attach(), logPanel(state.view.log ?? [], Number(state.view.log_total ?? 0)));
  out.push(h("div.layout", h("section.board", renderBoard(state.view, ctx, plain)), h("aside.side", side)));
  return out;
}

function statusBar(state: StateMessage, pending: boolean): HTMLElement {
  let text: string;
  let kind = "";
  if (state.status === "finished") {
    text = "The game is over.";
    kind = "over";
  } else if (state.status === "waiting") {
    text = "Waiting for people to take the free seats. Share the invite link.";
  } else if (pending) {
    text = "Sending your move…";
  } else if (state.legal.length > 0) {
    text = "Your move.";
    kind = "yours";
  } else if (state.waiting_for.length === 0) {
    text = "…";
  } else {
    const names = state.waiting_for.map((s) => seatLabel(state.seats, s));
    text = `Waiting for ${names.join(", ")}.`;
  }
  return h("div.status-bar#status", { class: kind, role: "status" }, text);
}

function seatsBar(state: StateMessage, chosen: ChoiceTracker): HTMLElement {
  const toActCount = state.status === "playing" ? state.waiting_for.length : 0;
  return h(
    "section.seats#seats",
    { "aria-label": "seats" },
    state.seats.map((s) => {
      const toAct = state.waiting_for.includes(s.seat) && state.status === "playing";
      const done = chosen.hasChosen(s.seat);
      const you = state.seat === s.seat;
      return h(
        "div.seat",
        {
          class: [toAct ? "to-act" : "", done ? "chosen" : "", you ? "you" : "", s.kind].join(" "),
          "data-seat": s.seat,
        },
        toAct ? turnMarker(s.seat, toActCount) : null,
        h("div.seat-name", seatName(s), you ? h("span.you-tag", "you") : null),
        h("div.seat-kind", s.kind === "bot" ? `${s.bot} bot` : s.taken ? "person" : "free seat"),
        h("div.seat-state", toAct ? "to choose…" : done ? "has chosen ✓" : ""),
      );
    }),
  );
}

/**
 * The token on the seat whose turn it is. When one seat acts at a time it is one piece that passes from
 * seat to seat (and slides there: animate.ts); in a simultaneous choice each choosing seat has its own.
 */
function turnMarker(seat: number, toActCount: number): HTMLElement {
  const piece = toActCount === 1 ? "turn" : `turn-${seat}`;
  return h("span.turn-marker", { "data-piece": piece, "aria-hidden": "true" }, "♛");
}

function actionsPanel(legal: LegalAction[], pending: boolean, act: (a: LegalAction) => void): HTMLElement {
  if (legal.length === 0) return h("section.panel.actions#actions", h("h3", "Your moves"), h("p.muted", "Not your turn."));
  const groups = new Map<string, LegalAction[]>();
  for (const a of legal) {
    // Moves group by their verb ("show", "invite", ...); labels that start otherwise share a group.
    const key = /^[a-z]+\b/i.exec(a.label)?.[0] ?? "";
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const filter = h("input.filter", { placeholder: "filter moves", "aria-label": "filter moves" });
  const lists = [...groups.values()].map((list) =>
    h(
      "div.action-group",
      list.map((a) =>
        h(
          "button.action",
          { type: "button", disabled: pending, "data-action": a.action, title: a.label, onclick: () => act(a) },
          a.label,
        ),
      ),
    ),
  );
  filter.addEventListener("input", () => {
    const q = filter.value.toLowerCase();
    for (const b of lists.flatMap((l) => [...l.querySelectorAll<HTMLButtonElement>("button")])) {
      b.hidden = q !== "" && !b.textContent!.toLowerCase().includes(q);
    }
  });
  return h(
    "section.panel.actions.mine#actions",
    h("h3", `Your move (${legal.length} choice${legal.length === 1 ? "" : "s"})`),
    legal.length > 12 ? filter : null,
    lists,
  );
}

/** The full move list, one toggle away: the fallback beside a game's own table. */
function foldedList(list: HTMLElement, count: number): HTMLElement {
  const open = localStorage.getItem("court.movelist") === "1";
  const box: HTMLDetailsElement = h(
    "details.move-list",
    { id: "move-list", open },
    h("summary", h("span.summary-text", count > 0 ? `All moves as a list (${count})` : "All moves as a list")),
    list,
  );
  box.addEventListener("toggle", () => localStorage.setItem("court.movelist", box.open ? "1" : "0"));
  return box;
}

function joinPanel(seats: SeatInfo[], join: (name: string, seat: number) => void): HTMLElement {
  const free = seats.filter((s) => s.kind === "human" && !s.taken);
  if (free.length === 0) return h("div");
  const name = h("input", { placeholder: "your name", value: loadName(), maxlength: 40, "aria-label": "your name" });
  const seat = h("select", { "aria-label": "seat" }, free.map((s) => h("option", { value: s.seat }, `Seat ${s.seat}`)));
  return h(
    "section.panel.join#join",
    h("h3", "Take a seat"),
    h("div.row", name, seat, h("button", { type: "button", onclick: () => join(name.value.trim(), Number(seat.value)) }, "Join")),
  );
}

function inviteBox(code: string): HTMLElement {
  const url = `${location.origin}/#/table/${code}`;
  const button = h("button.secondary.small", { type: "button", title: url }, "Copy invite link");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast("Invite link copied.", "info");
    } catch {
      prompt("Invite link:", url);
    }
  });
  return h("span.invite", h("span.code-label", "Table "), h("a.code", { href: `#/table/${code}` }, code), button);
}

/**
 * Who has already made a simultaneous choice. The server lists who still has to choose
 * (`waiting_for`). Each move is one step, so while the list loses exactly one seat per step, the
 * same choice goes on and the seats that left the list have chosen; anything else starts afresh.
 */
class ChoiceTracker {
  private group: number[] = [];
  private waiting: number[] = [];
  private step = -1;

  update(state: StateMessage) {
    const w = state.waiting_for;
    const moved = state.step - this.step;
    const left = this.waiting.filter((s) => !w.includes(s)).length;
    const subset = w.every((s) => this.waiting.includes(s));
    const sameChoice = moved === 0 ? subset && left === 0 : subset && left === moved && w.length > 0;
    if (!sameChoice) this.group = [...w];
    this.waiting = [...w];
    this.step = state.step;
    if (state.status !== "playing") this.group = [];
  }

  hasChosen(seat: number): boolean {
    return this.group.length > 1 && this.group.includes(seat) && !this.waiting.includes(seat);
  }
}
