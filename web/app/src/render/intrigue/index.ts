// Intrigue's renderer, the one the registry calls: the three characters around the circle with their
// support stacks and tokens, the relationships on the edges between them, the piles, the players, your
// hand and favors (board.ts). A person plays by handling the pieces (gestures.ts); the move list stays
// one toggle away.
import type { View } from "../../api";
import { h } from "../../dom";
import type { RenderContext } from "../types";
import { circle, facts, hand, lastReveal, piles, players, type Seen } from "./board";
import { wireGestures } from "./gestures";
import { intrigueView } from "./view";
import "./intrigue.css";

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
