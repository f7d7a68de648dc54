// Gameshire's table layout: the facts line, a player's facts, the market with the deck's next card, a
// gift row with its skills and boons, and the other players' maps. Cards and squares a click plays are
// made so by gestures.ts.
import { h } from "../../dom";
import type { LegalAction } from "../../api";
import { seatLabel } from "../../names";
import { movesWhere } from "../moves";
import type { RenderContext } from "../types";
import { drawCard } from "./cards";
import type { MapControl } from "./control";
import { marketCard, skillButton, type Send } from "./gestures";
import { drawMap, valueChip } from "./map";
import type { Card, GameshireView, Player, Pool } from "./view";

export function facts(view: GameshireView, ctx: RenderContext): HTMLElement {
  const active = view.active === ctx.seat ? "you" : seatLabel(ctx.seats, view.active);
  return h(
    "div.facts.gs-facts",
    h("span.gs-season", h("span.gs-season-dot"), h("b", view.season)),
    h("span", "Step: ", h("b", view.step)),
    h("span", "Turn: ", h("b", active)),
    view.mode === "competitive" ? h("span", h("b", "competitive")) : null,
    view.result ? h("span.gs-result", h("b", view.result)) : null,
  );
}

export function playerFacts(p: Player): HTMLElement {
  return h(
    "span.small.muted",
    `${p.map} · gifts chosen ${p.gifts_chosen}${p.score !== undefined ? ` · ${p.score} pts` : ""}${p.passed ? " · passed" : ""}${p.may ? ` · may ${p.may.replace(/;\s*$/, "")}` : ""}`,
  );
}

export function marketSection(view: GameshireView, legal: LegalAction[], control: MapControl, autumn: boolean, send: Send): HTMLElement {
  const cards = (view.market ?? []).map((card, slot) => marketCard(card, slot, legal, control, autumn, send));
  const top = view.decks?.top_card;
  return h(
    "section.gs-market.board-section",
    h("h3", autumn ? "Demands" : "Plans", h("span.small.muted", ` · ${view.decks.season_cards} in the deck, ${view.decks.resource_cards} resource cards`)),
    h("div.gs-cards", cards.length ? cards : h("span.muted.small", "The market is empty.")),
    top ? h("div.gs-deck", h("span.small.muted", "Next in the deck (its other side):"), drawCard(top, { label: "deck" })) : null,
    view.shading_gift ? h("p.small", "Shading for gift ", h("b", `${view.shading_gift.column} (${view.shading_gift.value})`)) : null,
    view.wrinkles?.length ? h("p.small.muted", "Wrinkles: ", view.wrinkles.join(", ")) : null,
  );
}

export function poolBox(pool: Pool | undefined, legal: LegalAction[], who: string, send: Send, market: Card[]): HTMLElement | null {
  if (!pool) return null;
  const skillMenu = h("div.gs-skill-menu");
  return h(
    "div.gs-pool",
    { "data-pool": who },
    h(
      "div.gs-gifts",
      h("span.small.muted", "Gifts"),
      pool.gifts.map((g) => {
        const deliver = movesWhere(legal, { kind: "deliver", column: g.column })[0];
        const content = [h("small", g.column), g.value ? valueChip(g.value) : h("span.gs-none", "–"), g.delivered ? h("span.gs-tick", "✓") : null];
        const state = g.delivered ? "delivered" : g.value ? "chosen" : "open";
        const title = `gift ${g.column}: ${g.value ?? "not chosen yet"}${g.delivered ? ", delivered" : ""}`;
        if (deliver) {
          return h("button.gs-gift.gs-actionable", { type: "button", class: state, "data-gift": g.column, title: `deliver ${title}`, onclick: () => send(deliver) }, content);
        }
        return h("span.gs-gift", { class: state, "data-gift": g.column, title }, content);
      }),
    ),
    h(
      "div.gs-skills",
      h("span.small.muted", `Boons ${pool.boons} · next skill costs ${pool.next_skill_cost}`),
      pool.skills.map((s) => skillButton(s.crop, s.name, legal, skillMenu, send, market)),
      pool.skills.length === 0 ? h("span.small.muted", "no skills yet (a crop on a hammer ⚒ teaches one)") : null,
    ),
    skillMenu,
  );
}

export function otherMap(p: Player, ctx: RenderContext): HTMLElement {
  return h(
    "div.gs-other",
    { "data-seat": p.seat },
    h("div.gs-head-row", h("b.small", seatLabel(ctx.seats, p.seat)), p.passed ? h("span.badge", "passed") : null),
    h("div.small.muted", `${p.map} · gifts ${p.gifts_chosen}${p.score !== undefined ? ` · ${p.score} pts` : ""}`),
    drawMap(p.squares, { small: true, label: `${seatLabel(ctx.seats, p.seat)}'s map` }).el,
    p.own ? poolBox(p.own, [], `seat-${p.seat}`, () => {}, []) : null,
  );
}
