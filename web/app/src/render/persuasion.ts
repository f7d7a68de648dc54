// Persuasion (both editions): your desires and hand, the other players with what you know of their
// hands, this round's letters or intentions, and Matrimony at the end.
import type { View } from "../api";
import { h } from "../dom";
import { seatLabel } from "../names";
import { cardBacks, desiresCard, traitCard, withCards } from "./cards";
import type { RenderContext } from "./types";

interface Player {
  seat: number;
  status: string;
  traits?: number;
  choosing?: boolean;
  chosen?: boolean;
}
interface SheetRow {
  seat: number;
  known: string[];
  tally: string;
  seen_may_have_left?: string[];
}
interface MatrimonyRow {
  seat: number;
  desires: string;
  traits: string[];
  dominant: string;
  won: boolean;
}

export function renderPersuasion(view: View, ctx: RenderContext): HTMLElement {
  const players = (view.players as Player[]) ?? [];
  const sheet = (view.spreadsheet as SheetRow[]) ?? [];
  const you = typeof view.you === "number" ? view.you : undefined;
  const finalRound = view.final_round || view.last_round;
  return h(
    "div.persuasion",
    h(
      "div.facts",
      h("span", "Round ", h("b", String(view.round ?? "")), finalRound ? " (final round)" : ""),
      h("span", "Phase: ", h("b", String(view.phase ?? ""))),
      h("span", "Deck: ", h("b", String(view.deck ?? 0))),
      view.discard_pile !== undefined ? h("span", "Discard: ", h("b", String(view.discard_pile))) : null,
      h("span.muted", String(view.symbols ?? "")),
    ),
    view.matrimony ? matrimony(view.matrimony as MatrimonyRow[], String(view.ending ?? ""), ctx) : null,
    you !== undefined ? yourHand(view) : null,
    h(
      "section.board-section",
      h("h3", "Players"),
      h(
        "div.player-grid",
        players
          .filter((p) => p.seat !== you)
          .map((p) => playerBox(p, sheet.find((r) => r.seat === p.seat), ctx)),
      ),
    ),
    letters(view),
  );
}

function yourHand(view: View): HTMLElement {
  const hand = (view.hand as string[]) ?? [];
  const drawn = (view.drawn as string[]) ?? [];
  const intro = (view.introductions_chosen as string[]) ?? [];
  return h(
    "section.board-section.your-hand",
    h("h3", "Your desires and hand"),
    h("div.cards", view.desires ? desiresCard(String(view.desires)) : null, hand.map((c) => traitCard(c))),
    h("p.tally", "Your symbols: ", h("b", String(view.your_symbols ?? ""))),
    drawn.length ? h("div", h("h3", "Drawn"), h("div.cards", drawn.map((c) => traitCard(c, "drawn")))) : null,
    view.your_intention ? h("p.intention", "Your choice this round: ", withCards(String(view.your_intention))) : null,
    intro.length ? h("p.intention", "You chose to show: ", withCards(intro.join("; "))) : null,
  );
}

function playerBox(p: Player, row: SheetRow | undefined, ctx: RenderContext): HTMLElement {
  const busy = p.choosing ? "choosing…" : p.chosen ? "has chosen ✓" : "";
  return h(
    "div.player",
    { class: [p.choosing ? "choosing" : "", p.chosen ? "chosen" : "", p.status.startsWith("engaged") ? "engaged" : ""].join(" ") },
    h("div.player-head", h("b", seatLabel(ctx.seats, p.seat)), busy ? h("span.badge", busy) : null),
    h("div.player-status", p.status),
    p.traits !== undefined ? cardBacks(p.traits) : null,
    row
      ? h(
          "div.known",
          row.known.length
            ? [h("div.small.muted", "You know they hold:"), h("div.cards", row.known.map((c) => traitCard(c, "small")))]
            : h("div.small.muted", "You know none of their cards."),
          row.seen_may_have_left?.length
            ? [h("div.small.muted", "Seen, may have left:"), h("div.cards", row.seen_may_have_left.map((c) => traitCard(c, "small faded")))]
            : null,
          row.known.length ? h("div.small", "Known symbols: ", row.tally) : null,
        )
      : null,
  );
}

function letters(view: View): HTMLElement | null {
  const lines = ((view.mail ?? view.intentions) as string[] | undefined) ?? [];
  if (!lines.length) return null;
  return h(
    "section.board-section.letters",
    h("h3", view.mail ? "This round's letters" : "Intentions"),
    h("ul.letter-list", lines.map((l) => h("li", { class: /accepted/.test(l) ? "accepted" : /rejected|returned|void/.test(l) ? "rejected" : "" }, "✉ ", withCards(l)))),
  );
}

function matrimony(rows: MatrimonyRow[], ending: string, ctx: RenderContext): HTMLElement {
  return h(
    "section.board-section.matrimony",
    h("h3", "Matrimony"),
    ending ? h("p", `The game ended because ${ending}.`) : null,
    h(
      "div.player-grid",
      rows.map((r) =>
        h(
          "div.player",
          { class: r.won ? "won" : "" },
          h("div.player-head", h("b", seatLabel(ctx.seats, r.seat)), h("span.badge", r.won ? "wins" : "does not win")),
          h("div.cards", desiresCard(r.desires), r.traits.map((c) => traitCard(c, "small"))),
          h("div.small", "Dominant: ", r.dominant),
        ),
      ),
    ),
  );
}
