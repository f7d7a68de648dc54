// Intrigue's table: the three characters around the circle with their support stacks and tokens, the
// relationships on the edges between them, the piles, the players, your hand and favors. A person plays
// by handling the pieces (render/intrigue/gestures.ts); the move list stays one toggle away.
import type { View } from "../api";
import { h } from "../dom";
import { circle, hand, lastReveal, piles, players, type Seen } from "./intrigue/board";
import { wireGestures } from "./intrigue/gestures";
import { crown } from "./intrigue/icons";
import { intrigueView, type IntrigueView } from "./intrigue/view";
import "./intrigue/intrigue.css";
import type { RenderContext } from "./types";

export function renderIntrigue(view: View, ctx: RenderContext): HTMLElement {
  const v = intrigueView(view);
  const seen: Seen = { seats: ctx.seats, me: ctx.seat };
  const root = h(
    "div.intrigue.ig-table",
    { lang: "en" },
    facts(v),
    players(v, seen),
    circle(v, seen),
    piles(v, seen),
    hand(v, seen),
    lastReveal(v),
  );
  wireGestures(root, v, ctx);
  return root;
}

function facts(v: IntrigueView): HTMLElement {
  return h(
    "div.ig-facts",
    h("span", "Round ", h("b", `${v.round} of ${v.rounds}`)),
    v.phase === "discard" ? h("span.ig-phase", "discarding") : null,
    v.unused_characters.length ? h("span.ig-unused", "Unused: ", v.unused_characters.join(", ")) : null,
    v.monarch
      ? h("span.ig-monarch", crown("crown"), " ", h("b", `${v.monarch.name} (${v.monarch.letter})`), " ascends to the throne")
      : null,
  );
}
