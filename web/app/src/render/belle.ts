// Belle of the Ball: the minglers in the middle, each player's clique (guests and couples with their
// face-down gifts) and Belle, your hand, and the scores by round.
import type { View } from "../api";
import { h } from "../dom";
import { seatLabel } from "../names";
import type { RenderContext } from "./types";

interface Player {
  seat: number;
  score: number;
  round_points_so_far: number;
  hand_count: number;
  belle: string | null;
  clique: string[];
}
interface RoundScore {
  round: number;
  ended_by: string;
  points: number[];
}

export function renderBelle(view: View, ctx: RenderContext): HTMLElement {
  const players = (view.players as Player[]) ?? [];
  const minglers = (view.minglers as string[]) ?? [];
  const rounds = (view.rounds as RoundScore[]) ?? [];
  const hand = view.hand as string[] | undefined;
  return h(
    "div.belle",
    h(
      "div.facts",
      h("span", "Round ", h("b", String(view.round))),
      h("span", "Phase: ", h("b", String(view.phase))),
      h("span", "Turn: ", h("b", seatLabel(ctx.seats, Number(view.turn)))),
      h("span", "Deck: ", h("b", String(view.deck_count))),
      h("span", "Couples: ", h("b", String(view.couples ?? ""))),
    ),
    view.now ? h("p.now", "Now: ", String(view.now)) : null,
    h(
      "section.board-section.minglers",
      h("h3", `Minglers (${minglers.length})`),
      h("div.cards", minglers.length ? minglers.map((m) => guestCard(m)) : h("span.muted", "nobody is mingling")),
    ),
    hand
      ? h(
          "section.board-section.your-hand",
          h("h3", "Your hand"),
          h("div.cards", hand.length ? hand.map((c) => guestCard(c)) : h("span.muted", "no cards")),
          view.your_face_down_discards
            ? h("p.small", "Your face-down discards: ", (view.your_face_down_discards as string[]).join(", "))
            : null,
        )
      : null,
    h(
      "div.player-grid.cliques",
      players.map((p) =>
        h(
          "section.player.clique",
          { class: p.seat === ctx.seat ? "you" : "" },
          h("div.player-head", h("b", seatLabel(ctx.seats, p.seat)), h("span.badge", `${p.score} pts`)),
          h("div.small.muted", `${p.hand_count} cards in hand · ${p.round_points_so_far} points this round so far`),
          p.belle ? h("div.card.belle-card", h("span.card-id", "Belle"), p.belle) : null,
          h(
            "div.clique-units",
            p.clique.length ? p.clique.map((u) => unit(u)) : h("span.muted.small", "an empty clique"),
          ),
        ),
      ),
    ),
    h(
      "section.board-section",
      h("h3", "Scores by round"),
      rounds.length
        ? h(
            "table.records",
            h("thead", h("tr", h("th", "Round"), h("th", "Ended by"), players.map((p) => h("th", seatLabel(ctx.seats, p.seat))))),
            h("tbody", rounds.map((r) => h("tr", h("td", String(r.round)), h("td", r.ended_by), r.points.map((x) => h("td", String(x)))))),
          )
        : h("p.muted", "No round scored yet."),
      ((view.discard_pile as string[]) ?? []).length
        ? h("p.small", "Discard pile: ", (view.discard_pile as string[]).join(", "))
        : null,
      view.face_down_discards ? h("p.small", `Face-down discards: ${view.face_down_discards}`) : null,
    ),
  );
}

/** "Name (Family, symbols, 2 pts, attracts X)" as a card: the name, then the facts one per line. */
function guestCard(summary: string): HTMLElement {
  const m = /^(.*?) \((.*)\)$/.exec(summary);
  const name = m ? m[1] : summary;
  const facts = m ? m[2].split(/,\s*(?![^(]*\))/) : [];
  const belle = facts[0] === "Belle";
  return h(
    "div.card.guest",
    { class: belle ? "belle-card" : "", title: summary },
    h("b", name),
    facts.map((f) => h("span.fact", f)),
  );
}

function unit(line: string): HTMLElement {
  if (line.startsWith("couple: ")) {
    return h("div.unit.couple", h("span.unit-tag", "💞 couple"), h("span", line.slice("couple: ".length)));
  }
  return h("div.unit", h("span", line));
}
