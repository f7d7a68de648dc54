// Gameshire's gestures besides the map itself (control.ts): the tools and buttons above the map, a
// market card chosen or discarded by a click (an Autumn demand shows first where it can be met), a square
// of the card being recorded left out, a skill and its target; the Autumn squares where a demand can be
// met; the prompt saying what this step asks. Every move is found among the legal moves by its parts.
import type { LegalAction } from "../../api";
import { h } from "../../dom";
import { movesOfKind, movesWhere } from "../moves";
import { drawCard } from "./cards";
import type { MapControl, Tool } from "./control";
import type { Card, GameshireView, Player } from "./view";

export type Send = (move: LegalAction) => void;

export function promptFor(view: GameshireView, legal: LegalAction[], control: MapControl, mine: Player): string {
  const kinds = new Set(legal.map((m) => m.parts.kind));
  const card = view.current?.name ?? "the card";
  const touch = matchMedia("(pointer: coarse)").matches;
  if (kinds.has("choose")) {
    return view.season === "Autumn"
      ? `Choose a demand you can meet: ${touch ? "tap a card to see where on your map, tap it again to choose it" : "point at a card to see where on your map, click it to choose it"}.`
      : "Choose a plan from the market: click its card.";
  }
  if (kinds.has("shade_gift")) {
    const g = view.shading_gift;
    return `Shade a square holding ${g?.value ?? "the gift's value"} for gift ${g?.column ?? ""}: click a lit square.`;
  }
  if (kinds.has("deliver")) return "Deliver a gift: click a lit gift in your gift row.";
  if (kinds.has("discard") || kinds.has("keep")) return "Refresh the market: click a card to discard it, or keep the market.";
  if (control.tool === "place") {
    const verb = view.season === "Autumn" ? "Shade" : "Record";
    const where = view.season === "Autumn" && view.active === mine.seat ? " where it meets the demand (marked squares)" : "";
    const how = touch ? "tap a square to place it, tap again to record" : "move it over your map and click where it is green";
    return `${verb} ${card}${where}: ${how}; R or ⟳ turns it, M or ⇋ mirrors it.`;
  }
  if (control.tool === "erase") return "Click a lit square to erase it.";
  if (control.tool === "write") return "Click a lit blank square, then choose what to write there.";
  if (kinds.has("omit")) return `Click a square of ${card} to leave it out.`;
  if (kinds.has("pass")) return `${card === "the card" ? "Nothing fits" : `${card} does not fit`}: pass.`;
  return "Your move.";
}

const kToolNames: Record<Tool, string> = { place: "Place the card", erase: "Erase a square", write: "Write a square", gift: "Shade for the gift" };

export function mapControls(control: MapControl, legal: LegalAction[], autumn: boolean, send: Send): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (control.tools.length > 1) {
    out.push(
      h(
        "div.gs-tools",
        { role: "group", "aria-label": "what a click on the map does" },
        control.tools.map((t) =>
          h(
            "button.small",
            { type: "button", class: t === control.tool ? "" : "secondary", "data-tool": t, "aria-pressed": t === control.tool ? "true" : "false", onclick: () => control.setTool(t) },
            t === "place" && autumn ? "Shade the demand" : kToolNames[t],
          ),
        ),
      ),
    );
  }
  const buttons: HTMLElement[] = [];
  if (control.tool === "place") {
    buttons.push(
      h("button.small.secondary#gs-rotate", { type: "button", title: "turn a quarter clockwise (R)", onclick: () => control.rotate() }, "⟳ turn (R)"),
      h("button.small.secondary#gs-mirror", { type: "button", title: "mirror left-right (M)", onclick: () => control.mirror() }, "⇋ mirror (M)"),
    );
  }
  const pass = movesWhere(legal, { kind: "pass" })[0];
  if (pass) buttons.push(h("button#gs-pass", { type: "button", title: "pass: you are out for the rest of the season", onclick: () => send(pass) }, "Pass"));
  const keep = movesWhere(legal, { kind: "keep" })[0];
  if (keep) buttons.push(h("button#gs-keep", { type: "button", title: "keep the market as it is", onclick: () => send(keep) }, "Keep the market"));
  if (buttons.length) out.push(h("div.gs-buttons", buttons));
  return out;
}

/** As the active player shading a demand, the squares some legal shading covers are marked. */
export function markDemandSquares(view: GameshireView, legal: LegalAction[], me: number | undefined, squares: HTMLElement[]): void {
  if (view.season !== "Autumn" || view.active !== me) return;
  for (const m of movesOfKind(legal, "shade_plan")) {
    for (const c of m.parts.cells as { row: number; col: number }[]) squares[c.row * 8 + c.col]?.classList.add("gs-meet");
  }
}

export function marketCard(card: Card, slot: number, legal: LegalAction[], control: MapControl, autumn: boolean, send: Send): HTMLElement {
  const choose = movesWhere(legal, { kind: "choose", slot })[0];
  const discard = movesWhere(legal, { kind: "discard", slot })[0];
  const move = choose ?? discard;
  const el = drawCard(card, { label: discard ? "discard?" : "" });
  el.dataset.slot = String(slot);
  if (!move) {
    if (legal.some((m) => m.parts.kind === "choose")) el.classList.add("gs-unfit");
    return el;
  }
  el.classList.add("gs-actionable");
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", `${discard ? "discard" : "choose"} ${card.name}`);
  const meets = choose && autumn ? (choose.parts.meets as string[] | undefined) : undefined;
  let lastPointer = "mouse";
  el.addEventListener("pointerdown", (e) => (lastPointer = e.pointerType));
  el.addEventListener("pointerenter", (e) => e.pointerType === "mouse" && meets && control.preview(meets));
  el.addEventListener("pointerleave", (e) => e.pointerType === "mouse" && meets && control.preview(undefined));
  el.addEventListener("focus", () => meets && control.preview(meets));
  el.addEventListener("blur", () => meets && control.preview(undefined));
  el.addEventListener("click", (e) => {
    // On touch an Autumn demand is tapped once to see where it can be met, and again to choose it. The click
    // says what made it; the pointerdown may have reached the card this one replaced in a redraw.
    const pointer = (e as PointerEvent).pointerType || lastPointer;
    if (meets && pointer === "touch" && !el.classList.contains("gs-armed")) {
      el.parentElement?.querySelectorAll(".gs-armed").forEach((x) => x.classList.remove("gs-armed"));
      el.classList.add("gs-armed");
      control.preview(meets);
      return;
    }
    send(move);
  });
  el.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    send(move);
  });
  return el;
}

export function currentCard(card: Card, legal: LegalAction[], send: Send): HTMLElement {
  const omits = movesOfKind(legal, "omit");
  return drawCard(card, {
    label: omits.length ? "being recorded · click a square to leave it out" : "being recorded",
    square: (k, el) => {
      const omit = omits.find((m) => m.parts.square === k + 1);
      if (!omit) return;
      el.classList.add("gs-omittable");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", `leave out square ${k + 1}`);
      el.addEventListener("click", () => send(omit));
      el.addEventListener("keydown", (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();
        send(omit);
      });
    },
  });
}

export function skillButton(crop: string, name: string, legal: LegalAction[], menu: HTMLElement, send: Send, market: Card[]): HTMLElement {
  const uses = movesWhere(legal, { kind: "use_skill", crop });
  const cost = uses[0]?.parts.cost;
  const text = `${name}${cost !== undefined ? ` · ${cost} boon${cost === 1 ? "" : "s"}` : ""}`;
  const button = h("button.small.gs-skill", { type: "button", class: `gs-skill-${crop}`, "data-skill": crop, disabled: uses.length === 0, title: uses[0]?.label ?? `${name}: not usable now` }, text);
  button.addEventListener("click", () => {
    const targeted = uses.some((m) => m.parts.slot !== undefined || m.parts.card !== undefined);
    if (uses.length === 1 && !targeted) return send(uses[0]);
    // Purple Root and Yellow Yams ask which card (even when there is one): a small menu of their targets.
    menu.replaceChildren(
      h("span.small", `${name}:`),
      ...uses.map((m) => h("button.small.secondary", { type: "button", "data-target": String(m.parts.slot ?? m.parts.card), onclick: () => send(m) }, targetName(m, market))),
      h("button.small.secondary", { type: "button", onclick: () => menu.replaceChildren() }, "cancel"),
    );
    menu.querySelector("button")?.focus();
  });
  return button;
}

/** A skill's target card: a market card (Purple Root) or a discarded one (Yellow Yams). */
function targetName(m: LegalAction, market: Card[]): string {
  if (typeof m.parts.slot === "number") return `on ${market[m.parts.slot]?.name ?? `card ${m.parts.slot + 1}`}`;
  return `return ${String(m.parts.name ?? m.label)}`;
}
