// Belle of the Ball's table: the deck, the minglers and the discard pile; each clique as a row of guests
// and couples (gifts face-down on them) with its Belle; your hand. A person plays by handling the cards:
//   - a card from your hand into your clique (invite), onto one of your single guests (a couple), onto
//     one of your couples (a face-down gift), a Belle onto the Belle place beside your clique; after losing
//     a guest, a guest from your hand into your clique (and, for a couple, which goes under it);
//   - attract, dismiss and welcome by clicking the lit guest; repel by clicking your lit guest, then where
//     it goes (a lit clique or the discard pile);
//   - powers, skips and "no gift" as buttons.
// Pieces use the shared Picker (click or tap, Enter, or drag); lit targets answer a click or Enter. The
// table only sends moves from ctx.legal, found by their parts (docs/protocol.md, "Belle of the Ball").
import "./belle/belle.css";
import type { LegalAction, View } from "../api";
import { h } from "../dom";
import { seatLabel } from "../names";
import { cardBack, cardFace, coupleMark, type BelleCard, type Unit } from "./belle/cards";
import { movesOfKind, movesWhere } from "./moves";
import { Picker, type Place } from "./pick";
import type { RenderContext } from "./types";

interface Player {
  seat: number;
  score: number;
  round_points_so_far: number;
  hand_count: number;
  belle: BelleCard | null;
  clique: Unit[];
}
interface RoundScore {
  round: number;
  ended_by: string;
  points: number[];
}
interface NamedCard {
  id: number;
  name: string;
}

/** The elements gestures use, filled while the table is drawn. */
interface TableEls {
  cliques: Map<number, HTMLElement>;
  units: Map<number, HTMLElement>;
  minglers: HTMLElement[];
  hand: { card: BelleCard; el: HTMLElement }[];
  belleSlot?: HTMLElement;
  discard?: HTMLElement;
}

/** data-piece ids: a card's id, with a count for a second copy of the same card. */
class PieceIds {
  private seen = new Map<number, number>();
  of(card: BelleCard): string {
    const n = (this.seen.get(card.id) ?? 0) + 1;
    this.seen.set(card.id, n);
    return n === 1 ? `card-${card.id}` : `card-${card.id}-${n}`;
  }
}

export function renderBelle(view: View, ctx: RenderContext): HTMLElement {
  const players = (view.players as Player[]) ?? [];
  const me = typeof ctx.seat === "number" ? ctx.seat : -1;
  const legal = ctx.pending ? [] : ctx.legal;
  const els: TableEls = { cliques: new Map(), units: new Map(), minglers: [], hand: [] };
  const ids = new PieceIds();
  const hand = view.hand as BelleCard[] | undefined;
  const invited = view.invited as BelleCard | undefined;
  const ordered = [...players.filter((p) => p.seat !== me), ...players.filter((p) => p.seat === me)];

  const root = h(
    "div.belle-table",
    factsLine(view, ctx),
    partyRow(view, els, ids),
    h("div.cliques", ordered.map((p) => cliqueRow(p, p.seat === me, ctx, els, ids, invited))),
    actionButtons(legal, ctx),
    hand ? handRow(hand, els, ids, view) : null,
    scoresSection(view, players, ctx),
  );
  const picker = new Picker(ctx, root);
  wireHand(picker, legal, els, hand ?? []);
  wireRepel(picker, legal, els);
  wireClickTargets(legal, els, ctx);
  const prompt = promptText(view, legal);
  if (prompt) ctx.prompt(prompt);
  return root;
}

// ---- Drawing -----------------------------------------------------------------------------------

function factsLine(view: View, ctx: RenderContext): HTMLElement {
  const couples = view.couples as { in_play: number; round_ends_at: number } | undefined;
  return h(
    "div.belle-facts",
    h("span", "Round ", h("b", String(view.round))),
    h("span", "Turn: ", h("b", seatLabel(ctx.seats, Number(view.turn)))),
    couples ? h("span", coupleMark(true), " ", h("b", `${couples.in_play} / ${couples.round_ends_at}`), " couples end the round") : null,
  );
}

/** The deck, the row of minglers beside it (0 is farthest from the deck), the discard pile. */
function partyRow(view: View, els: TableEls, ids: PieceIds): HTMLElement {
  const minglers = (view.minglers as BelleCard[]) ?? [];
  const discard = (view.discard_pile as NamedCard[]) ?? [];
  const faceDown = Number(view.face_down_discards ?? 0);
  const row = h(
    "div.mingler-row",
    minglers.length
      ? minglers.map((c, i) => {
          const el = h("div.mingler", { "data-mingler": i }, cardFace(c, ids.of(c), "mini"));
          els.minglers.push(el);
          return el;
        })
      : h("span.muted.small", "nobody is mingling"),
  );
  const top = discard[discard.length - 1];
  els.discard = h(
    "div.pile.discard",
    { "data-place": "discard", title: `discard pile: ${discard.length} face-up, ${faceDown} face-down` },
    h("div.pile-name", "Discard"),
    h("div.pile-top", top ? top.name : "empty"),
    h("div.pile-count", `${discard.length} up · ${faceDown} down`),
  );
  return h(
    "section.belle-party",
    h("h3", "The party"),
    h(
      "div.party",
      h("div.pile.deck", { title: `deck: ${view.deck_count} cards` }, cardBack(`Deck ${view.deck_count}`, "deck-back")),
      h("div.minglers", h("div.mingler-label", `Minglers (${minglers.length})`), row),
      els.discard,
    ),
  );
}

function cliqueRow(
  p: Player,
  mine: boolean,
  ctx: RenderContext,
  els: TableEls,
  ids: PieceIds,
  invited: BelleCard | undefined,
): HTMLElement {
  const units = p.clique.map((u) => unitEl(u, els, ids, mine && invited?.id === u.top.id));
  let belle: HTMLElement | null = null;
  if (p.belle) belle = h("div.belle-slot.filled", cardFace(p.belle, ids.of(p.belle)));
  if (mine) {
    belle ??= h("div.belle-slot.empty", h("span", "Belle"));
    belle.dataset.place = "belle";
    els.belleSlot = belle;
  }
  const section = h(
    "section.clique",
    { class: mine ? "mine" : "", "data-clique": p.seat },
    h(
      "div.clique-head",
      h("b.clique-name", mine ? `Your clique (${seatLabel(ctx.seats, p.seat)})` : seatLabel(ctx.seats, p.seat)),
      h("span.badge", `${p.score} pts`),
      h("span.small.muted", `${p.round_points_so_far >= 0 ? "+" : ""}${p.round_points_so_far} this round`),
      h("span.small.muted.hand-count", `${p.hand_count} in hand`),
    ),
    h(
      "div.clique-body",
      belle,
      h("div.units", units.length ? units : h("span.muted.small.empty-clique", mine ? "Invite guests here" : "nobody yet")),
    ),
  );
  els.cliques.set(p.seat, section);
  return section;
}

/** A single guest, or a couple: its top card, the card under it, and its face-down gifts. */
function unitEl(u: Unit, els: TableEls, ids: PieceIds, invited: boolean): HTMLElement {
  const el = u.couple
    ? h(
        "div.unit.couple",
        { "data-unit": u.unit },
        h("div.unit-tag", coupleMark()),
        cardFace(u.top, ids.of(u.top)),
        u.bottom ? h("div.under", h("span.under-word", "under:"), cardFace(u.bottom, ids.of(u.bottom), "mini")) : null,
        h(
          "div.gifts",
          (u.gifts ?? []).map((g, i) =>
            g.card
              ? h("div.gift.known", { title: `your gift, face-down: ${g.card.name}`, "data-piece": ids.of(g.card) }, h("span.gift-word", "gift"), g.card.name)
              : cardBack("gift", "gift"),
          ),
        ),
      )
    : h("div.unit.single", { "data-unit": u.unit }, cardFace(u.top, ids.of(u.top)));
  if (invited) el.classList.add("invited");
  els.units.set(u.unit, el);
  return el;
}

function handRow(hand: BelleCard[], els: TableEls, ids: PieceIds, view: View): HTMLElement {
  const known = (view.your_face_down_discards as NamedCard[] | undefined) ?? [];
  return h(
    "section.belle-hand",
    h("h3", `Your hand (${hand.length})`),
    h(
      "div.hand-cards",
      hand.length
        ? hand.map((card) => {
            const el = cardFace(card, ids.of(card));
            els.hand.push({ card, el });
            return el;
          })
        : h("span.muted", "no cards"),
    ),
    h("p.small.muted.keys-hint", "Keys: Tab to a card, Enter to pick it up, Tab to a lit place, Enter to put it there; Escape puts it back."),
    known.length ? h("p.small.muted", "Your face-down discards: ", known.map((c) => c.name).join(", ")) : null,
  );
}

/** The moves that are a plain choice (a power, a skip, no gift, no replacement) as buttons. */
function actionButtons(legal: LegalAction[], ctx: RenderContext): HTMLElement | null {
  const moves = movesOfKind(legal, "use_power", "skip_power", "no_gift", "decline_reach", "no_replace");
  if (moves.length === 0) return null;
  return h(
    "div.belle-actions",
    moves.map((m) =>
      h(
        "button.belle-act",
        { type: "button", "data-kind": m.parts.kind, class: m.parts.kind === "use_power" ? "" : "secondary", onclick: () => ctx.act(m) },
        buttonText(m),
      ),
    ),
  );
}

function buttonText(m: LegalAction): string {
  switch (m.parts.kind) {
    case "use_power": {
      const n = Number(m.parts.count);
      return `Draw ${n} card${n === 1 ? "" : "s"}`;
    }
    case "skip_power": return "Decline the power";
    case "no_gift": return "No gift";
    case "decline_reach": return "Decline to attract or repel";
    case "no_replace": return "No replacement";
  }
  return m.label;
}

function scoresSection(view: View, players: Player[], ctx: RenderContext): HTMLElement {
  const rounds = (view.rounds as RoundScore[]) ?? [];
  const discard = (view.discard_pile as NamedCard[]) ?? [];
  return h(
    "details.belle-scores",
    { open: rounds.length > 0 },
    h("summary", rounds.length ? `Scores by round (${rounds.length})` : "Scores by round and the discard pile"),
    rounds.length
      ? h(
          "table.records",
          h("thead", h("tr", h("th", "Round"), h("th", "Ended by"), players.map((p) => h("th", seatLabel(ctx.seats, p.seat))))),
          h("tbody", rounds.map((r) => h("tr", h("td", String(r.round)), h("td", r.ended_by), r.points.map((x) => h("td", String(x)))))),
        )
      : h("p.muted.small", "No round scored yet."),
    discard.length ? h("p.small", "Discard pile (oldest first): ", discard.map((c) => c.name).join(", ")) : null,
  );
}

// ---- Gestures ----------------------------------------------------------------------------------

/** Hand cards are pieces: into the clique, onto a single (couple) or a couple (gift), onto the Belle place. */
function wireHand(picker: Picker, legal: LegalAction[], els: TableEls, hand: BelleCard[]): void {
  const mine = els.belleSlot ? [...els.cliques.entries()].find(([, el]) => el.classList.contains("mine")) : undefined;
  const cliqueEl = mine?.[1];
  const nameOf = (id: unknown) => hand.find((c) => c.id === id)?.name ?? `card ${String(id)}`;
  for (const { card, el } of els.hand) {
    picker.piece(el, () => {
      const places: Place[] = [];
      for (const [unit, unitEl] of els.units) {
        const moves = [...movesWhere(legal, { kind: "couple", card: card.id, unit }), ...movesWhere(legal, { kind: "gift", card: card.id, unit })];
        places.push({ el: unitEl, moves });
      }
      if (cliqueEl) {
        const moves = ["invite", "replace", "replace_couple"].flatMap((kind) => movesWhere(legal, { kind, card: card.id }));
        places.push({ el: cliqueEl, moves, name: (m) => `${nameOf(m.parts.under)} under it` });
      }
      if (els.belleSlot) places.push({ el: els.belleSlot, moves: movesWhere(legal, { kind: "invite_belle", card: card.id }) });
      return places;
    });
  }
}

/** A guest your card repels: pick it up, then put it on another clique or the discard pile. */
function wireRepel(picker: Picker, legal: LegalAction[], els: TableEls): void {
  const units = new Set(movesOfKind(legal, "repel").map((m) => m.parts.unit as number));
  for (const unit of units) {
    const el = els.units.get(unit);
    if (!el) continue;
    picker.piece(el, () => {
      const places: Place[] = [];
      for (const [seat, cliqueEl] of els.cliques) places.push({ el: cliqueEl, moves: movesWhere(legal, { kind: "repel", unit, seat }) });
      if (els.discard) places.push({ el: els.discard, moves: movesWhere(legal, { kind: "repel", unit, discard: true }) });
      return places;
    });
  }
}

/** Guests a click takes: attracted from a clique or the minglers, a couple a Belle attracts, a mingler dismissed or welcomed. */
function wireClickTargets(legal: LegalAction[], els: TableEls, ctx: RenderContext): void {
  for (const m of movesOfKind(legal, "attract", "attract_couple")) {
    const el = els.units.get(m.parts.unit as number);
    if (el) clickTarget(el, m, ctx, m.parts.kind === "attract_couple" ? "attract this couple" : "attract this guest");
  }
  for (const m of movesOfKind(legal, "attract_mingler", "dismiss", "welcome")) {
    const el = els.minglers[m.parts.mingler as number];
    const verb = m.parts.kind === "attract_mingler" ? "attract" : String(m.parts.kind);
    if (el) clickTarget(el, m, ctx, `${verb} this mingler`);
  }
}

function clickTarget(el: HTMLElement, move: LegalAction, ctx: RenderContext, what: string): void {
  el.classList.add("lit");
  el.classList.add(`lit-${move.parts.kind}`);
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", what);
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    ctx.act(move);
  });
  el.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    ctx.act(move);
  });
}

// ---- The prompt ---------------------------------------------------------------------------------

function symbolsWords(symbols: string[] | undefined): string {
  return (symbols ?? []).join(" or ");
}

/** What this step asks of the seat, in a line; empty when it need not act. */
function promptText(view: View, legal: LegalAction[]): string {
  if (legal.length === 0) return "";
  const kinds = new Set(legal.map((m) => m.parts.kind));
  const invited = view.invited as BelleCard | undefined;
  const who = invited?.name ?? "Your guest";
  const left = Number(view.reach_left ?? 0) > 1 ? ` (${view.reach_left} to go)` : "";
  if (kinds.has("invite") || kinds.has("invite_belle") || kinds.has("couple")) {
    return "Your turn: put a card from your hand into your clique, onto one of your single guests to make a couple, or a Belle on the Belle place.";
  }
  if (kinds.has("dismiss")) return `${who}: click a lit mingler to dismiss it, or decline the power.`;
  if (kinds.has("welcome")) return `${who}: click a lit mingler to welcome it into your clique, or decline the power.`;
  if (kinds.has("use_power")) return `${who}: draw cards, or decline the power.`;
  if (kinds.has("gift")) {
    const extra = Number(view.gifts_left ?? 0) > 1 ? " (you may give two this turn)" : "";
    return `You may give a gift${extra}: put a card from your hand face-down on one of your couples, or choose No gift.`;
  }
  if (kinds.has("attract_couple")) return `${who} attracts a couple: click a lit couple to bring it into your clique.`;
  if (kinds.has("attract") || kinds.has("attract_mingler")) {
    return `${who} attracts a ${symbolsWords(invited?.attracts)} guest${left}: click a lit guest to bring it into your clique.`;
  }
  if (kinds.has("repel")) {
    return `${who} repels a ${symbolsWords(invited?.repels)} guest: click a lit guest of your clique, then another clique or the discard pile.`;
  }
  if (kinds.has("replace_couple")) return "You lost a couple: put a guest from your hand into your clique, then choose the one under it, or No replacement.";
  if (kinds.has("replace")) return "You lost a guest: put a guest from your hand into your clique in its place, or No replacement.";
  return "Your move.";
}

