// Belle of the Ball's gestures: where a hand card or a repelled guest may go, which guests a click
// takes, each found among the legal moves by their parts (docs/protocol.md, "Belle of the Ball"); the
// plain choices as buttons; the prompt saying what this step asks.
import type { LegalAction, View } from "../../api";
import { h } from "../../dom";
import { movesOfKind, movesWhere } from "../moves";
import { Picker, type Place } from "../pick";
import type { RenderContext } from "../types";
import type { TableEls } from "./board";
import type { BelleCard } from "./view";

/** The moves that are a plain choice (a power, a skip, no gift, no replacement) as buttons. */
export function actionButtons(legal: LegalAction[], ctx: RenderContext): HTMLElement | null {
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

/** Hand cards are pieces: into the clique, onto a single (couple) or a couple (gift), onto the Belle place. */
export function wireHand(picker: Picker, legal: LegalAction[], els: TableEls, hand: BelleCard[]): void {
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
export function wireRepel(picker: Picker, legal: LegalAction[], els: TableEls): void {
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
export function wireClickTargets(legal: LegalAction[], els: TableEls, ctx: RenderContext): void {
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

function symbolsWords(symbols: string[] | undefined): string {
  return (symbols ?? []).join(" or ");
}

/** What this step asks of the seat, in a line; empty when it need not act. */
export function promptText(view: View, legal: LegalAction[]): string {
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
