// Persuasion's table layout: the top line, the other players' places (crest, cards, letterbox or tray,
// ring, what you know of their hand), your place (letterbox, hand, drawn cards, discard pile, tally) and
// Matrimony. Only drawing: the places a held card may go are noted in `spots` for gestures.ts.
import type { View } from "../../api";
import { h } from "../../dom";
import { seatLabel } from "../../names";
import { movesOfKind, movesWhere } from "../moves";
import type { RenderContext } from "../types";
import { cardBacks, desiresCard, signedSymbol, traitCard } from "./cards";
import { actionButton, actions } from "./gestures";
import { crest, crestColour, crestName, ringIcon, symbolIcon } from "./icons";
import type { DesiresCardData, Legend, Letter, MatrimonyRow, Player, SheetRow, TraitCardData } from "./view";

/** The elements a held card may be put on, filled while the table is drawn. */
export interface Spots {
  letterbox: Map<number, HTMLElement>;
  ring: Map<number, HTMLElement>;
  letter: Map<number, HTMLElement>;
  drawn: Map<number, HTMLElement>;
  discard?: HTMLElement;
}

export interface Table {
  view: View;
  ctx: RenderContext;
  you: number | undefined;
  classic: boolean;
  names: Map<string, string>;
  letters: Letter[];
  spots: Spots;
}

export function facts(t: Table, legend: Legend[]): HTMLElement {
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

export function seatPanel(t: Table, p: Player): HTMLElement {
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

export function yourPlace(t: Table, p: Player | undefined): HTMLElement {
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

export function matrimony(t: Table, rows: MatrimonyRow[], ending: string): HTMLElement {
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
