// Table talk (docs/protocol.md, "Talk"): the table's channel and a thread per person this seat may write
// to, opened and closed as the server's `state.talk` says (the page never decides who may talk). The
// panel outlives the table page's redraws, so the typed text, the scroll and the unread counts survive
// a bot's move; it updates itself when a message arrives. Messages are plain text: they reach the page
// only as text nodes (h()), never as markup. Beside the text box, the game's claims (docs/architecture.md,
// "Claims"): a kind and a value picked in the game's words, sent as structure, so bots can read them.
import type { ClaimKind, SaidMessage, SeatInfo, StateMessage, TalkHistoryMessage, TalkMessage } from "./api";
import { h, mount } from "./dom";
import { seatNameOf } from "./names";

/** The table's channel, or the private thread with a seat. */
type Thread = "table" | number;

/** The longest message the server takes, in Unicode code points. */
export const kMaxTalkChars = 500;

const kRefusals = new Set(["talk_off", "talk_closed", "talk_too_long", "talk_too_fast", "bad_talk", "bad_claim", "talk_full"]);

/** An error code that refuses a message said (rather than a move). */
export const isTalkRefusal = (code?: string) => code !== undefined && kRefusals.has(code);

/** Code points, as the server counts them. */
const charCount = (text: string) => [...text].length;

const isWhisper = (m: TalkMessage) => m.whisper === true || m.text === undefined;

/**
 * One message as a line: who said it and the text, or a whisper mark ("Ada whispered to Bo", no text;
 * `times` marks in a row from the same seat to the same seat make one line). `me` is the reader's seat
 * (its own lines say "You").
 */
export function talkLine(m: TalkMessage, seats: SeatInfo[], me: number | "spectator", times = 1): HTMLElement {
  const name = (seat: number) => (seat === me ? "You" : seatNameOf(seats, seat));
  const attrs = { "data-id": m.id, title: `said at move ${m.step}` };
  if (isWhisper(m)) {
    return h("li.talk-line.whisper", attrs, `${name(m.from)} whispered to ${m.to === null ? "the table" : name(m.to)}`,
      times > 1 ? h("span.talk-times", ` · ${times} messages`) : null);
  }
  return h("li.talk-line", { ...attrs, class: `${m.from === me ? "mine" : ""} ${m.claim ? "claim" : ""}` },
    h("span.talk-from", name(m.from)), m.claim ? h("span.talk-claim-mark", { title: "a claim: bots read it" }, "claim") : null,
    h("span.talk-text", m.text));
}

/** A claim kind's words with its value left open: "My desires include …". */
const openWords = (k: ClaimKind) => k.words.replace("{}", "…");

/** The lines of `messages` (a run of whisper marks between the same two seats as one), or a note that nothing was said. */
export function talkLines(messages: TalkMessage[], seats: SeatInfo[], me: number | "spectator", list: HTMLElement) {
  const lines: HTMLElement[] = [];
  let times = 0;
  messages.forEach((m, i) => {
    const prev = messages[i - 1];
    const again = prev !== undefined && isWhisper(prev) && isWhisper(m) && prev.from === m.from && prev.to === m.to;
    times = again ? times + 1 : 1;
    if (again) lines.pop();
    lines.push(talkLine(m, seats, me, times));
  });
  mount(list, lines.length ? lines : h("li.talk-empty.muted", "Nothing said yet."));
  return list;
}

export class TalkPanel {
  private readonly tabs = h("div.talk-tabs", { role: "tablist", "aria-label": "talk threads" });
  private readonly lines = h("ol.talk-lines#talk-lines", { "aria-live": "polite" });
  private readonly reason = h("p.talk-reason#talk-reason");
  private readonly rule = h("p.talk-rule.small.muted");
  private readonly text = h("textarea#talk-text", { rows: 2, "aria-label": "message" });
  private readonly count = h("span.talk-count#talk-count");
  private readonly sendButton = h("button.small", { type: "button", id: "talk-send" }, "Send");
  private readonly problem = h("p.talk-error#talk-error", { role: "alert" });
  private readonly claimKind = h("select#claim-kind", { "aria-label": "claim" }) as HTMLSelectElement;
  private readonly claimValue = h("select#claim-value", { "aria-label": "claim value" }) as HTMLSelectElement;
  private readonly claimButton = h("button.small.secondary", { type: "button", id: "claim-send" }, "Claim");
  private readonly claimRow = h("div.talk-claims#talk-claims", this.claimKind, this.claimValue, this.claimButton);
  private readonly composer = h("div.talk-compose", this.text, h("div.talk-send-row", this.count, this.sendButton),
    this.claimRow);
  private readonly jumpCount = h("span.unread");
  /** On a narrow screen, where the panel sits below the board: a button in the title row that goes there. */
  readonly jump = h("button.secondary.small.talk-jump#talk-jump", { type: "button" }, "Talk ", this.jumpCount);
  readonly element = h("section.panel.talk#talk", { "aria-label": "table talk" },
    h("h3", "Talk"), this.tabs, this.lines, this.reason, this.composer, this.problem, this.rule);

  private state?: StateMessage;
  private messages = new Map<number, TalkMessage>();
  private unread = new Map<Thread, number>();
  private drafts = new Map<Thread, string>();
  private active: Thread = "table";
  private sending?: Thread;
  private atBottom = true;
  private scrollTop = 0;

  constructor(private readonly say: (to: number | null, text: string) => boolean,
    private readonly claim: (to: number | null, kind: string, value: number) => boolean = () => false) {
    this.claimKind.addEventListener("change", () => this.drawClaimValues());
    this.claimButton.addEventListener("click", () => this.sendClaim());
    this.text.addEventListener("input", () => {
      this.drafts.set(this.active, this.text.value);
      this.drawComposer();
    });
    this.text.addEventListener("keydown", (e) => this.onKey(e));
    this.sendButton.addEventListener("click", () => this.send());
    this.lines.addEventListener("scroll", () => this.noteScroll());
    this.jump.addEventListener("click", () => {
      this.element.scrollIntoView({ block: "start" });
      this.text.focus({ preventScroll: true });
    });
  }

  /** The panel for the page's next drawing (it keeps its scroll across the move to the new page). */
  attach(): HTMLElement {
    queueMicrotask(() => this.restoreScroll());
    return this.element;
  }

  /** A new state: who may write where now. */
  update(state: StateMessage) {
    this.state = state;
    this.draw();
  }

  /** A message said, or the talk so far (on each connect: it replaces what the panel holds). */
  heard(message: SaidMessage | TalkHistoryMessage) {
    if (message.type === "talk_history") {
      this.messages = new Map(message.messages.map((m) => [m.id, m]));
      this.sending = undefined;
    } else {
      this.add(message);
    }
    this.draw();
  }

  /** The server refused what this seat said: say why, and keep the text to mend and send again. */
  refused(reason: string) {
    this.sending = undefined;
    this.problem.textContent = reason;
    this.drawComposer();
  }

  private add(m: SaidMessage) {
    this.messages.set(m.id, m);
    const thread = this.threadOf(m);
    if (m.from === this.me() && this.sending === thread) {
      if (m.claim) this.sending = undefined;   // a claim leaves the typed text as it is
      else this.sent(thread);
    }
    else if (m.from !== this.me() && thread !== this.active) this.unread.set(thread, (this.unread.get(thread) ?? 0) + 1);
  }

  /** Our own message came back from the server: it was said, so its draft goes. */
  private sent(thread: Thread) {
    this.sending = undefined;
    this.drafts.delete(thread);
    if (thread === this.active) this.text.value = "";
  }

  private me(): number | "spectator" {
    return this.state?.seat ?? "spectator";
  }

  private threadOf(m: TalkMessage): Thread {
    if (m.to === null || m.whisper) return "table";
    return m.from === this.me() ? m.to : m.from;
  }

  /** The table, then every other person at the table, and anyone the seat may or did write to. */
  private threads(): Thread[] {
    const state = this.state;
    const me = this.me();
    if (!state || me === "spectator" || !state.talk.on) return ["table"];
    const seats = new Set([...state.talk.seats, ...(state.talk.claim_seats ?? [])]);
    for (const s of state.seats) if (s.kind === "human" && s.seat !== me) seats.add(s.seat);
    for (const m of this.messages.values()) {
      const t = this.threadOf(m);
      if (t !== "table") seats.add(t);
    }
    return ["table", ...[...seats].sort((a, b) => a - b)];
  }

  private isOpen(thread: Thread): boolean {
    const talk = this.state?.talk;
    if (!talk?.on || this.me() === "spectator") return false;
    return thread === "table" ? talk.table : talk.seats.includes(thread);
  }

  /** Whether this seat may send a claim to `thread` now (a bot's seat too: bots hear claims). */
  private claimOpen(thread: Thread): boolean {
    const talk = this.state?.talk;
    if (!talk?.on || this.me() === "spectator" || !talk.claims?.length) return false;
    return thread === "table" ? talk.table : (talk.claim_seats ?? []).includes(thread);
  }

  private isBot(thread: Thread): boolean {
    return thread !== "table" && this.state?.seats.find((s) => s.seat === thread)?.kind !== "human";
  }

  private name(thread: Thread): string {
    return thread === "table" ? "Table" : seatNameOf(this.state?.seats, thread);
  }

  private draw() {
    if (!this.state) return;
    const threads = this.threads();
    if (!threads.includes(this.active)) this.active = "table";
    mount(this.tabs, threads.map((t) => this.tab(t)));
    const messages = [...this.messages.values()].filter((m) => this.threadOf(m) === this.active).sort((a, b) => a.id - b.id);
    talkLines(messages, this.state.seats, this.me(), this.lines);
    this.restoreScroll();
    this.drawReason();
    this.drawComposer();
    this.drawJump();
  }

  private tab(thread: Thread): HTMLElement {
    const unread = this.unread.get(thread) ?? 0;
    const open = this.isOpen(thread) || this.claimOpen(thread);
    const selected = thread === this.active;
    return h(
      "button.talk-tab",
      {
        type: "button", id: `talk-tab-${thread}`, role: "tab", "aria-selected": String(selected),
        class: `${selected ? "active" : ""} ${open ? "open" : "closed"}`,
        "data-thread": thread, "data-open": String(open), "data-unread": unread,
        onclick: () => this.choose(thread),
      },
      this.name(thread),
      open || this.me() === "spectator" ? null : h("span.talk-closed", " · closed"),
      unread ? h("span.unread", { "aria-label": `${unread} unread` }, unread) : null,
    );
  }

  private choose(thread: Thread) {
    this.active = thread;
    this.unread.delete(thread);
    this.text.value = this.drafts.get(thread) ?? "";
    this.problem.textContent = "";
    this.atBottom = true;
    this.draw();
  }

  private drawReason() {
    const state = this.state!;
    const talk = state.talk;
    this.rule.textContent = talk.on ? talk.rule : "";
    this.reason.textContent = this.reasonText();
    this.reason.className = `talk-reason ${this.isOpen(this.active) ? "open" : "closed"}`;
    for (const el of [this.tabs, this.lines]) el.hidden = !talk.on;
    this.composer.hidden = !talk.on || this.me() === "spectator";
    this.text.hidden = this.count.hidden = this.sendButton.hidden = this.isBot(this.active);
  }

  /** Why the input is open or closed, in words. */
  private reasonText(): string {
    if (!this.state!.talk.on) return "Talk is off at this table: its creator turned it off.";
    if (this.me() === "spectator") return "You are watching: you read the table's talk; only the players write.";
    const open = this.isOpen(this.active);
    if (this.active === "table") {
      return open ? "Open now: everyone at the table reads this, spectators too." : "Closed now: the table may not talk at this point of the game.";
    }
    const who = this.name(this.active);
    if (this.isBot(this.active)) {
      return this.claimOpen(this.active)
        ? `Open now: ${who} is a bot and reads claims, not text: pick one below.`
        : `Closed now: you may not write to ${who} at this point of the game.`;
    }
    return open
      ? `Open now: you may write to ${who}. Only the two of you read it; the others see that you wrote.`
      : `Closed now: you may not write to ${who} at this point of the game.`;
  }

  private drawComposer() {
    const open = this.isOpen(this.active);
    const n = charCount(this.text.value);
    this.text.disabled = !open;
    this.text.readOnly = this.sending !== undefined;
    this.text.placeholder = open ? `Message ${this.active === "table" ? "the table" : this.name(this.active)} (Enter sends, Shift+Enter: new line)` : "";
    this.count.textContent = `${n} / ${kMaxTalkChars}`;
    this.count.classList.toggle("over", n > kMaxTalkChars);
    this.sendButton.disabled = !this.canSend();
    this.drawClaims();
  }

  /** The claim picker: the game's kinds in its words, the chosen kind's values, and the Claim button. */
  private drawClaims() {
    const kinds = this.state?.talk.claims ?? [];
    this.claimRow.hidden = kinds.length === 0;
    if (kinds.length === 0) return;
    if (this.claimKind.options.length !== kinds.length) {
      mount(this.claimKind, kinds.map((k, i) => h("option", { value: i }, openWords(k))));
      this.drawClaimValues();
    }
    const open = this.claimOpen(this.active);
    this.claimKind.disabled = this.claimValue.disabled = !open;
    this.claimButton.disabled = !open || this.sending !== undefined;
  }

  private drawClaimValues() {
    const kind = this.state?.talk.claims?.[Number(this.claimKind.value)];
    if (!kind) return;
    const me = this.me();
    const values = kind.values
      ? kind.values.map((words, v) => ({ v, words }))
      : (this.state?.seats ?? []).filter((s) => s.seat !== me).map((s) => ({ v: s.seat, words: seatNameOf(this.state?.seats, s.seat) }));
    mount(this.claimValue, values.map(({ v, words }) => h("option", { value: v }, words)));
  }

  private sendClaim() {
    const kind = this.state?.talk.claims?.[Number(this.claimKind.value)];
    const thread = this.active;
    if (!kind || !this.claimOpen(thread) || this.sending !== undefined) return;
    if (!this.claim(thread === "table" ? null : thread, kind.kind, Number(this.claimValue.value))) {
      this.problem.textContent = "Not connected: the claim was not sent. Reconnecting…";
      return;
    }
    this.sending = thread;
    this.problem.textContent = "";
    this.drawComposer();
  }

  private drawJump() {
    let total = 0;
    for (const n of this.unread.values()) total += n;
    this.jumpCount.textContent = total ? String(total) : "";
    this.jumpCount.hidden = total === 0;
  }

  private canSend(): boolean {
    const text = this.text.value;
    return this.isOpen(this.active) && this.sending === undefined && text.trim() !== "" && charCount(text) <= kMaxTalkChars;
  }

  private onKey(e: KeyboardEvent) {
    if (e.key !== "Enter" || e.shiftKey || e.isComposing) return;
    e.preventDefault();
    this.send();
  }

  private send() {
    if (!this.canSend()) return;
    const thread = this.active;
    if (!this.say(thread === "table" ? null : thread, this.text.value)) {
      this.problem.textContent = "Not connected: the message was not sent. Reconnecting…";
      return;
    }
    this.sending = thread;
    this.problem.textContent = "";
    this.drawComposer();
  }

  private noteScroll() {
    if (!this.lines.isConnected) return;
    const l = this.lines;
    this.atBottom = l.scrollTop + l.clientHeight >= l.scrollHeight - 4;
    this.scrollTop = l.scrollTop;
  }

  private restoreScroll() {
    this.lines.scrollTop = this.atBottom ? this.lines.scrollHeight : this.scrollTop;
  }
}
