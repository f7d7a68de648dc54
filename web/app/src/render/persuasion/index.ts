// Persuasion's renderer (both editions), the one the registry calls: a table a person handles. Every
// seat wears its family crest. Your hand is a row of cards you pick up (click, tap, Enter, or drag) and
// put down where the move goes:
//   - on a player's letterbox (the character-card edition: their tray) to show or invite, on their ring
//     to propose;
//   - on a letter lying on the ? side of your letterbox (an invitation or a proposal to you) to accept
//     it with that card; "Reject" beside the letter rejects it;
//   - on a drawn card (reflection) to keep it in that card's place; on the discard pile (the character-
//     card edition's reflection) to discard it.
// Independence, reflection, passing and keeping none are buttons. Letterboxes show their sides: ? (letters
// waiting for an answer), ! (answers and returned letters) and Ready (the seat has chosen). Below the
// table, the suitability spreadsheet is a notepad the person fills in. The table only lights places
// some legal move names and sends that move (gestures.ts); it never decides what is legal.
import type { View } from "../../api";
import { h } from "../../dom";
import type { RenderContext } from "../types";
import { facts, matrimony, seatPanel, yourPlace, type Table } from "./board";
import { wireGestures } from "./gestures";
import { notepad } from "./notepad";
import type { Legend, Letter, MatrimonyRow, Player } from "./view";
import "./persuasion.css";

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
  wireGestures(root, t);
  return root;
}
