// Belle of the Ball's table layout: the facts line, the party (deck, minglers, discard pile), each
// clique with its guests, couples, gifts and Belle, your hand, and the scores by round. Only drawing:
// the elements the gestures use are noted in `els` (gestures.ts).
import type { View } from "../../api";
import { h } from "../../dom";
import { seatLabel } from "../../names";
import type { RenderContext } from "../types";
import { cardBack, cardFace } from "./cards";
import { coupleMark } from "./icons";
import type { BelleCard, NamedCard, Player, RoundScore, Unit } from "./view";

/** The elements gestures use, filled while the table is drawn. */
export interface TableEls {
  cliques: Map<number, HTMLElement>;
  units: Map<number, HTMLElement>;
  minglers: HTMLElement[];
  hand: { card: BelleCard; el: HTMLElement }[];
  belleSlot?: HTMLElement;
  discard?: HTMLElement;
}

/** data-piece ids: a card's id, with a count for a second copy of the same card. */
export class PieceIds {
  private seen = new Map<number, number>();
  of(card: BelleCard): string {
    const n = (this.seen.get(card.id) ?? 0) + 1;
    this.seen.set(card.id, n);
    return n === 1 ? `card-${card.id}` : `card-${card.id}-${n}`;
  }
}

export function factsLine(view: View, ctx: RenderContext): HTMLElement {
  const couples = view.couples as { in_play: number; round_ends_at: number } | undefined;
  return h(
    "div.belle-facts",
    h("span", "Round ", h("b", String(view.round))),
    h("span", "Turn: ", h("b", seatLabel(ctx.seats, Number(view.turn)))),
    couples ? h("span", coupleMark(true), " ", h("b", `${couples.in_play} / ${couples.round_ends_at}`), " couples end the round") : null,
  );
}

/** The deck, the row of minglers beside it (0 is farthest from the deck), the discard pile. */
export function partyRow(view: View, els: TableEls, ids: PieceIds): HTMLElement {
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

export function cliqueRow(
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

export function handRow(hand: BelleCard[], els: TableEls, ids: PieceIds, view: View): HTMLElement {
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

export function scoresSection(view: View, players: Player[], ctx: RenderContext): HTMLElement {
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
