// Belle of the Ball's renderer, the one the registry calls. Its table (board.ts): the deck, the minglers
// and the discard pile; each clique as a row of guests and couples (gifts face-down on them) with its
// Belle; your hand. A person plays by handling the cards (gestures.ts):
//   - a card from your hand into your clique (invite), onto one of your single guests (a couple), onto
//     one of your couples (a face-down gift), a Belle onto the Belle place beside your clique; after losing
//     a guest, a guest from your hand into your clique (and, for a couple, which goes under it);
//   - attract, dismiss and welcome by clicking the lit guest; repel by clicking your lit guest, then where
//     it goes (a lit clique or the discard pile);
//   - powers, skips and "no gift" as buttons.
// Pieces use the shared Picker (click or tap, Enter, or drag); lit targets answer a click or Enter. The
// table only sends moves from ctx.legal, found by their parts (docs/protocol.md, "Belle of the Ball").
import "./belle.css";
import type { View } from "../../api";
import { h } from "../../dom";
import { Picker } from "../pick";
import type { RenderContext } from "../types";
import { cliqueRow, factsLine, handRow, partyRow, PieceIds, scoresSection, type TableEls } from "./board";
import { actionButtons, promptText, wireClickTargets, wireHand, wireRepel } from "./gestures";
import type { BelleCard, Player } from "./view";

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
