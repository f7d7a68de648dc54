// Persuasion (both editions) as a table a person handles. Every seat wears its family crest. Your hand
// is a row of cards you pick up (click, tap, Enter, or drag) and put down where the move goes:
//   - on a player's letterbox (the character-card edition: their tray) to show or invite, on their ring
//     to propose;
//   - on a letter lying on the ? side of your letterbox (an invitation or a proposal to you) to accept
//     it with that card; "Reject" beside the letter rejects it;
//   - on a drawn card (reflection) to keep it in that card's place; on the discard pile (the character-
//     card edition's reflection) to discard it.
// Independence, reflection, passing and keeping none are buttons. Letterboxes show their sides: ? (letters
// waiting for an answer), ! (answers and returned letters) and Ready (the seat has chosen). Below the
// table, the suitability spreadsheet is a notepad the person fills in. The table only lights places
// some legal move names and sends that move (render/moves.ts); it never decides what is legal.
import type { LegalAction, View } from "../api";
import { h } from "../dom";
import { seatLabel } from "../names";
import { cardBacks, desiresCard, signedSymbol, traitCard } from "./cards";
import type { DesiresCardData, SignedSymbol, TraitCardData } from "./cards";
import { movesOfKind, movesWhere } from "./moves";
import { crest, crestColour, crestName, ringIcon, symbolIcon } from "./persuasion/icons";
import { notepad } from "./persuasion/notepad";
import { Picker } from "./pick";
import type { Place } from "./pick";
import type { RenderContext } from "./types";
import "./persuasion/persuasion.css";

interface Player {
  seat: number;
  status: string;
  fiance?: number;
  traits?: number;
  choosing?: boolean;
  chosen?: boolean;
}
interface SheetRow {
  seat: number;
  known: TraitCardData[];
  tally: Record<string, number>;
  seen_may_have_left?: TraitCardData[];
}
/** A letter (letterbox edition: `mail`) or a shared intention (character-card edition: `intentions`). */
interface Letter {
  from: number;
  to: number;
  kind: "invitation" | "proposal";
  state: string;
  card?: TraitCardData;
  reply?: TraitCardData;
}
interface MatrimonyRow {
  seat: number;
  desires: DesiresCardData;
  traits: TraitCardData[];
  dominant: SignedSymbol[];
  won: boolean;
}
interface Legend {
  symbol: string;
  name: string;
}

/** The elements a held card may be put on, filled while the table is drawn. */
interface Spots {
  letterbox: Map<number, HTMLElement>;
  ring: Map<number, HTMLElement>;
  letter: Map<number, HTMLElement>;
  drawn: Map<number, HTMLElement>;
  discard?: HTMLElement;
}

interface Table {
  view: View;
  ctx: RenderContext;
  you: number | undefined;
  classic: boolean;
  names: Map<string, string>;
  letters: Letter[];
  spots: Spots;
}

export function renderPersuasion(view: View, ctx: RenderContext): HTMLElement {
  const legend = Array.isArray(view.symbols) ? (view.symbols as Legend[]) : [];
  const t: Table = {
    view,
    ctx,
    you: typeof view.you === "number" ? view.you : undefined,
    classic: ctx.game === "persuasion-classic",
    names: new Map(legend.map((s) => [s.symbol, s.name])),
    letters: ((view.mail ?? view.intentions) as Letter[] | undefined) ?? [],
    spots: { letterbox: new Map(), ring: new Map(), letter: new Map(), drawn: new Map() },
  };
  const players = (view.players as Player[]) ?? [];
  const others = players.filter((p) => p.seat !== t.you);
  const root = h(
    "div.persuasion.persuasion-table",
    { class: t.classic ? "classic" : "letterbox-edition" },
    facts(t, legend),
    view.matrimony ? matrimony(t, view.matrimony as MatrimonyRow[], String(view.ending ?? "")) : null,
    // At Matrimony every hand is on the table above: the seats' places would repeat them.
    view.matrimony ? null : h("section.seats", { "aria-label": "The other players" }, others.map((p) => seatPanel(t, p))),
    t.you !== undefined && !view.matrimony ? yourPlace(t, players.find((p) => p.seat === t.you)) : null,
    t.you !== undefined
      ? notepad(t.you, others.map((p) => p.seat), legend.map((s) => s.symbol), t.names, ctx)
      : null,
  );
  const picker = new Picker(ctx, root);
  for (const el of root.querySelectorAll<HTMLElement>(".hand .card[data-card]")) {
    const id = Number(el.dataset.card);
    picker.piece(el, () => placesFor(t, id));
  }
  ctx.prompt(promptFor(t));
  return root;
}

// --- What a held card may be put on --------------------------------------------------------------------

function placesFor(t: Table, card: number): Place[] {
  const legal = t.ctx.legal;
  const places: Place[] = [];
  const add = (el: HTMLElement | undefined, moves: LegalAction[], name?: Place["name"]) => {
    if (el && moves.length) places.push({ el, moves, name });
  };
  for (const [seat, el] of t.spots.letterbox) {
    add(el, [...movesWhere(legal, { kind: "show", card, seat }), ...movesWhere(legal, { kind: "invite", card, seat })]);
  }
  for (const [seat, el] of t.spots.ring) add(el, movesWhere(legal, { kind: "propose", card, seat }));
  for (const [seat, el] of t.spots.letter) {
    add(el, [...movesWhere(legal, { kind: "accept", card, seat }), ...movesWhere(legal, { kind: "reveal", card, seat })]);
  }
  for (const [keep, el] of t.spots.drawn) add(el, movesWhere(legal, { kind: "swap", discard: card, keep }));
  add(t.spots.discard, movesWhere(legal, { kind: "discard", card }));
  return places;
}

function promptFor(t: Table): string {
  const legal = t.ctx.legal;
  const kinds = new Set(legal.map((m) => m.parts.kind));
  const box = t.classic ? "tray" : "letterbox";
  if (kinds.has("show")) return `Introductions: drop a trait card on each other player's letterbox to show it to them.`;
  if (kinds.has("invite") || kinds.has("propose") || kinds.has("independence")) {
    return `Your intention: drop a trait card on a player's ${box} to invite them, or on their ring to propose; or claim independence${kinds.has("reflect") ? " or reflect" : ""}.`;
  }
  if (kinds.has("swap") || kinds.has("keep_none")) return "Reflection: drop one of your cards on the drawn card you keep in its place, or keep none.";
  if (kinds.has("pass")) return "Nothing reached you this round: reflect (draw and maybe swap), or do not.";
  if (kinds.has("accept") && !t.classic) {
    return "Mail on the ? side of your letterbox: drop the card to send back on a letter to accept it, or reject it.";
  }
  if (kinds.has("reveal")) return "An invitation to you: drop the card to reveal on it to accept, or reject it.";
  if (kinds.has("accept") || kinds.has("reject_all")) return "Proposals to you: drop the card to give on the proposal you accept, or reject them all.";
  if (kinds.has("discard")) return "Reflection: drop a card (the drawn one too) on the discard pile.";
  if (t.view.terminal || t.view.matrimony) return "";
  return t.you !== undefined ? "Waiting for the other players…" : "";
}

// --- The top line: round, phase, piles, the symbols ----------------------------------------------------

function facts(t: Table, legend: Legend[]): HTMLElement {
  const v = t.view;
  const finalRound = v.final_round || v.last_round;
  return h(
    "div.facts",
    h("span", "Round ", h("b", String(v.round ?? "")), finalRound ? " (final round)" : ""),
    h("span", "Phase: ", h("b", String(v.phase ?? ""))),
    h("span.pile", "Deck: ", h("b", String(v.deck ?? 0))),
    v.discard_pile !== undefined ? h("span.pile", "Discard: ", h("b", String(v.discard_pile))) : null,
    h("span.legend", legend.map((s) => h("span.legend-item", symbolIcon(s.symbol), s.name))),
  );
}

// --- Another player's place ---------------------------------------------------------------------------

function statusBadge(t: Table, p: Player): HTMLElement | null {
  if (p.choosing) return h("span.badge.choosing", "choosing…");
  if (p.chosen) return h("span.badge.ready", "Ready ✓");
  if (p.fiance !== undefined) return h("span.badge.engaged", `engaged to ${p.fiance === t.you ? "you" : `Seat ${p.fiance}`}`);
  if (p.status === "independent") return h("span.badge.independent", "independent");
  return null;
}

function seatHead(t: Table, p: Player, you = false): HTMLElement {
  return h(
    "div.seat-head",
    crest(p.seat),
    h("div.seat-name", h("b", you ? `You · ${crestName(p.seat)}` : seatLabel(t.ctx.seats, p.seat)), h("span.small.muted", you ? seatLabel(t.ctx.seats, p.seat) : crestName(p.seat))),
    statusBadge(t, p),
  );
}

function seatPanel(t: Table, p: Player): HTMLElement {
  const row = ((t.view.spreadsheet as SheetRow[] | undefined) ?? []).find((r) => r.seat === p.seat);
  const ring = h("div.ring", { title: `Propose to ${seatLabel(t.ctx.seats, p.seat)}`, "data-seat": p.seat }, ringIcon(), h("span.small", "ring"));
  const box = t.classic ? tray(t, p.seat) : letterbox(t, p.seat, p);
  t.spots.letterbox.set(p.seat, box);
  const wooable = (p.status === "available" || p.status === "eligible") && !t.view.matrimony;
  if (wooable) t.spots.ring.set(p.seat, ring);
  return h(
    "div.seat-panel",
    { "data-seat": p.seat, style: `--crest: ${crestColour(p.seat)}`, class: p.fiance !== undefined ? "engaged" : p.status },
    seatHead(t, p),
    h("div.seat-cards", p.traits !== undefined ? cardBacks(p.traits) : null),
    h("div.seat-mail", box, wooable ? ring : null),
    row ? known(t, row) : null,
  );
}

function known(t: Table, row: SheetRow): HTMLElement {
  return h(
    "div.known",
    row.known.length
      ? [h("div.small.muted", "You know they hold:"), h("div.cards.mini", row.known.map((c) => traitCard(c, "small", t.names)))]
      : h("div.small.muted", "You know none of their cards."),
    row.seen_may_have_left?.length
      ? [h("div.small.muted", "Seen, may have left:"), h("div.cards.mini", row.seen_may_have_left.map((c) => traitCard(c, "small faded", t.names)))]
      : null,
  );
}

/** A letter drawn on a letterbox side: its sender's crest, kind, the card when seen, and its fate. */
function letterEl(t: Table, l: Letter, side: "?" | "!"): HTMLElement {
  const who = side === "?" ? l.from : l.to;
  return h(
    "div.letter",
    { class: `${l.kind} ${l.state.replace(/\s+/g, "-")}`, "data-from": l.from, "data-to": l.to },
    h("div.letter-head", crest(who, "1.1em"), h("span.small", side === "?" ? `${l.kind} from Seat ${l.from}` : `${l.kind} to Seat ${l.to}`), l.kind === "proposal" ? ringIcon() : null),
    l.card ? traitCard(l.card, "small", t.names) : h("div.card.back.small", "sealed"),
    l.reply ? h("div.reply", h("span.small", "reply: "), traitCard(l.reply, "small", t.names)) : null,
    h("div.small.letter-state", l.state),
  );
}

/** A letterbox (letterbox edition): the ? side, the ! side, and the Ready side. */
function letterbox(t: Table, seat: number, p?: Player, mine = false): HTMLElement {
  const incoming = t.letters.filter((l) => l.to === seat && (l.state === "undecided" || !mine));
  const answers = t.letters.filter((l) => l.from === seat && l.state !== "undecided");
  const ready = p?.chosen === true || (mine && t.view.your_intention !== undefined);
  const question = h("div.side.side-q", h("span.side-mark", "?"), incoming.map((l) => mine ? yourLetter(t, l) : letterEl(t, l, "?")));
  return h(
    "div.letterbox",
    { title: `${mine ? "Your" : `${seatLabel(t.ctx.seats, seat)}'s`} letterbox`, "data-seat": seat },
    question,
    h("div.side.side-x", h("span.side-mark", "!"), answers.map((l) => letterEl(t, l, "!"))),
    h("div.side.side-ready", { class: ready ? "lit" : "" }, h("span.side-mark", "Ready")),
  );
}

/** The character-card edition's place before a player: the intentions shared with them. */
function tray(t: Table, seat: number): HTMLElement {
  const shared = t.letters.filter((l) => l.to === seat);
  return h(
    "div.letterbox.tray",
    { title: `${seatLabel(t.ctx.seats, seat)}'s tray`, "data-seat": seat },
    h("div.side.side-q", h("span.side-mark", "shared"), shared.map((l) => letterEl(t, l, "?"))),
  );
}

// --- Your place -------------------------------------------------------------------------------------

/** A letter to you waiting for your answer: a place to drop your card on, and a reject button. */
function yourLetter(t: Table, l: Letter): HTMLElement {
  const el = letterEl(t, l, "?");
  if (l.state !== "undecided") return el;
  t.spots.letter.set(l.from, el);
  const reject = [
    ...movesWhere(t.ctx.legal, { kind: "reject", seat: l.from }),
    ...movesWhere(t.ctx.legal, { kind: "reject_invitation", seat: l.from }),
  ];
  if (reject.length === 1) el.append(actionButton(t, reject[0], "Reject", "reject"));
  return el;
}

function actionButton(t: Table, move: LegalAction, text: string, cls = ""): HTMLElement {
  const b = h("button.table-action", { type: "button", class: cls, title: move.label, disabled: t.ctx.pending }, text);
  b.addEventListener("click", (e) => {
    e.stopPropagation();
    t.ctx.act(move);
  });
  return b;
}

/** Independence, reflection, passing, keeping none, rejecting all: the moves without a card. */
function actions(t: Table): HTMLElement | null {
  const legal = t.ctx.legal;
  const one = (want: Record<string, unknown>) => movesWhere(legal, want)[0];
  const buttons: [LegalAction | undefined, string, string][] = [
    [one({ kind: "independence" }), "Claim independence", "independence"],
    [legal.find((m) => m.parts.kind === "reflect" && !m.parts.extra), "Reflect", "reflect"],
    [one({ kind: "reflect", extra: true }), "Reflect (nothing reached you)", "reflect-extra"],
    [one({ kind: "pass" }), "Do not reflect", "pass"],
    [one({ kind: "keep_none" }), "Keep none of the drawn cards", "keep-none"],
    [one({ kind: "reject_all" }), "Reject every proposal", "reject-all"],
  ];
  const shown = buttons.filter(([m]) => m !== undefined).map(([m, text, cls]) => actionButton(t, m!, text, cls));
  return shown.length ? h("div.table-actions", shown) : null;
}

function yourPlace(t: Table, p: Player | undefined): HTMLElement {
  const v = t.view;
  const you = t.you!;
  const hand = (v.hand as TraitCardData[] | undefined) ?? [];
  const drawn = (v.drawn as TraitCardData[] | undefined) ?? [];
  const tally = (v.your_symbols as Record<string, number> | undefined) ?? {};
  const drawnEls = drawn.map((c) => {
    const el = traitCard(c, "drawn", t.names);
    el.dataset.piece = `card-${c.id}`;
    t.spots.drawn.set(c.id, el);
    return el;
  });
  const proposals = t.classic ? t.letters.filter((l) => l.to === you && l.kind === "proposal") : [];
  const invitations = t.classic ? t.letters.filter((l) => l.to === you && l.kind === "invitation") : [];
  const discard = t.classic && movesOfKind(t.ctx.legal, "discard").length
    ? h("div.discard-pile", { title: "The discard pile" }, h("span", "Discard pile"))
    : undefined;
  t.spots.discard = discard;
  return h(
    "section.your-place",
    { "data-seat": you, style: `--crest: ${crestColour(you)}` },
    seatHead(t, p ?? { seat: you, status: "" }, true),
    t.classic
      ? h("div.letterbox.tray.yours", h("div.side.side-q", h("span.side-mark", "to you"), [...invitations, ...proposals].map((l) => yourLetter(t, l))),
          h("div.side.side-x", h("span.side-mark", "yours"), t.letters.filter((l) => l.from === you).map((l) => letterEl(t, l, "!"))))
      : letterbox(t, you, p, true),
    yourChoice(t),
    actions(t),
    h(
      "div.your-cards",
      v.desires ? h("div.desires-slot", desiresCard(v.desires as DesiresCardData, t.names)) : null,
      h("div.cards.hand", { "aria-label": "Your hand" }, hand.map((c) => {
        const el = traitCard(c, "", t.names);
        el.dataset.piece = `card-${c.id}`;
        return el;
      })),
    ),
    drawn.length ? h("div.drawn-row", h("span.small.muted", "Drawn: drop a card of yours on the one to keep"), h("div.cards", drawnEls)) : null,
    discard ?? null,
    h("div.tally", "Your symbols: ", Object.entries(tally).map(([s, n]) => h("span.tally-item", { class: n > 0 ? "plus" : n < 0 ? "minus" : "" }, symbolIcon(s), ` ${t.names.get(s) ?? s} ${n > 0 ? "+" : ""}${n}`))),
  );
}

/** What you chose and cannot take back: your intention, the cards you chose to show. */
function yourChoice(t: Table): HTMLElement | null {
  const mine = t.view.your_intention as { kind: string; seat?: number; card?: TraitCardData } | undefined;
  const shown = (t.view.introductions_chosen as { card: TraitCardData; seat: number }[] | undefined) ?? [];
  if (mine) {
    return h(
      "div.your-choice",
      h("span", "Your choice this round: ", h("b", mine.kind), mine.seat !== undefined ? ` to Seat ${mine.seat}` : ""),
      mine.card ? traitCard(mine.card, "small", t.names) : null,
    );
  }
  if (shown.length) {
    return h("div.your-choice", h("span", "You show: "), shown.map((s) => h("span.shown", traitCard(s.card, "small", t.names), ` to Seat ${s.seat}`)));
  }
  return null;
}

// --- Matrimony ------------------------------------------------------------------------------------

function matrimony(t: Table, rows: MatrimonyRow[], ending: string): HTMLElement {
  return h(
    "section.matrimony",
    h("h3", "Matrimony"),
    ending ? h("p", `The game ended because ${ending}.`) : null,
    h(
      "div.seats",
      rows.map((r) =>
        h(
          "div.seat-panel",
          { class: r.won ? "won" : "", style: `--crest: ${crestColour(r.seat)}` },
          h("div.seat-head", crest(r.seat), h("b", r.seat === t.you ? "You" : seatLabel(t.ctx.seats, r.seat)), h("span.badge", r.won ? "wins" : "does not win")),
          h("div.cards.mini", desiresCard(r.desires, t.names), r.traits.map((c) => traitCard(c, "small", t.names))),
          h("div.small.dominant", "Dominant: ", r.dominant.length ? r.dominant.map((s) => signedSymbol(s, t.names)) : "none"),
        ),
      ),
    ),
  );
}

