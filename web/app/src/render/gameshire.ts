// Gameshire's table: your map as a grid you handle (the plan's shape follows the pointer as a ghost,
// green where it can be recorded, red where not; R and M or the buttons turn and mirror it; a click
// records it, on touch a tap shows it and a second tap records it), the market's cards to choose,
// discard or aim a skill at, the card being recorded (click a square to leave it out with Orange
// Peppers), skills as buttons with their cost, the gift row (click a gift to deliver it), pass and keep
// as buttons, and the other players' maps small beside yours. In Autumn the squares where a demand can
// be met are marked. Every gesture has a keyboard equivalent (docs/protocol.md, "Move parts").
import type { LegalAction } from "../api";
import { h } from "../dom";
import { seatLabel } from "../names";
import { movesOfKind, movesWhere } from "./moves";
import type { RenderContext } from "./types";
import { drawCard } from "./gameshire/cards";
import { MapControl, kToolKinds, type Tool } from "./gameshire/control";
import { drawMap, valueChip } from "./gameshire/map";
import type { Card, GameshireView, Player, Pool } from "./gameshire/types";
import "./gameshire/gameshire.css";

type Send = (move: LegalAction) => void;

export function renderGameshire(raw: unknown, ctx: RenderContext): HTMLElement {
  const view = raw as GameshireView;
  const me = typeof ctx.seat === "number" ? ctx.seat : undefined;
  const legal = ctx.pending ? [] : ctx.legal;
  const act: RenderContext = { ...ctx, legal };
  const send: Send = (move) => ctx.act(move);
  const players = view.players ?? [];
  const mine = players.find((p) => p.seat === me) ?? players[0];
  const others = players.filter((p) => p !== mine);
  const autumn = view.season === "Autumn";

  const signature = `${legal.length}:${legal[0]?.action}:${legal[legal.length - 1]?.action}:${view.current?.id ?? ""}`;
  const drawn = drawMap(mine.squares, { label: `${me === mine.seat ? "your" : seatLabel(ctx.seats, mine.seat)} map` });
  drawn.el.id = "gs-map";
  const menuBox = h("div.gs-menu-box");
  const controlsBox = h("div.gs-controls");
  const control = new MapControl(act, drawn, menuBox, view.current, signature, () => fillControls());
  markDemandSquares(view, legal, me, drawn.squares);

  function fillControls() {
    controlsBox.replaceChildren(...mapControls(control, legal, autumn, send));
  }
  fillControls();

  const root = h(
    "div.gameshire",
    { class: `${autumn ? "gs-autumn" : "gs-spring"}${mapFirst(legal) ? " gs-map-first" : ""}` },
    facts(view, ctx),
    h(
      "div.gs-layout",
      h(
        "section.gs-mine.board-section",
        h("div.gs-head-row", h("b", me === mine.seat ? "Your map" : seatLabel(ctx.seats, mine.seat)), playerFacts(mine)),
        view.current ? h("div.gs-current", currentCard(view.current, legal, send)) : null,
        controlsBox,
        drawn.el,
        menuBox,
        poolBox(view.team ?? mine.own, legal, "team", send, view.market ?? []),
      ),
      marketSection(view, legal, control, autumn, send),
      others.length ? h("section.gs-others.board-section", h("h3", "The other maps"), others.map((p) => otherMap(p, ctx))) : null,
    ),
  );
  root.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey) return;
    if (control.tool !== "place" || movesOfKind(legal, ...kToolKinds.place).length === 0) return;
    const key = e.key.toLowerCase();
    if (key === "r") control.rotate();
    else if (key === "m") control.mirror();
  });
  if (legal.length > 0) ctx.prompt(promptFor(view, legal, control, mine));
  control.refocus();
  return root;
}

/** This step is played on your map (recording, shading, a token): on a phone the map comes first. */
function mapFirst(legal: LegalAction[]): boolean {
  return legal.length > 0 && movesOfKind(legal, "choose", "discard", "deliver").length === 0;
}

// --- What this step asks ------------------------------------------------------------------------

function promptFor(view: GameshireView, legal: LegalAction[], control: MapControl, mine: Player): string {
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

// --- The facts line -----------------------------------------------------------------------------

function facts(view: GameshireView, ctx: RenderContext): HTMLElement {
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

function playerFacts(p: Player): HTMLElement {
  return h(
    "span.small.muted",
    `${p.map} · gifts chosen ${p.gifts_chosen}${p.score !== undefined ? ` · ${p.score} pts` : ""}${p.passed ? " · passed" : ""}${p.may ? ` · may ${p.may.replace(/;\s*$/, "")}` : ""}`,
  );
}

// --- Above the map: tools, turning the shape, pass and keep --------------------------------------

const kToolNames: Record<Tool, string> = { place: "Place the card", erase: "Erase a square", write: "Write a square", gift: "Shade for the gift" };

function mapControls(control: MapControl, legal: LegalAction[], autumn: boolean, send: Send): HTMLElement[] {
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

// --- Autumn: where a demand can be met -----------------------------------------------------------

/** As the active player shading a demand, the squares some legal shading covers are marked. */
function markDemandSquares(view: GameshireView, legal: LegalAction[], me: number | undefined, squares: HTMLElement[]): void {
  if (view.season !== "Autumn" || view.active !== me) return;
  for (const m of movesOfKind(legal, "shade_plan")) {
    for (const c of m.parts.cells as { row: number; col: number }[]) squares[c.row * 8 + c.col]?.classList.add("gs-meet");
  }
}

// --- The market, the card being recorded, the deck ------------------------------------------------

function marketSection(view: GameshireView, legal: LegalAction[], control: MapControl, autumn: boolean, send: Send): HTMLElement {
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

function marketCard(card: Card, slot: number, legal: LegalAction[], control: MapControl, autumn: boolean, send: Send): HTMLElement {
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
  el.addEventListener("click", () => {
    // On touch an Autumn demand is tapped once to see where it can be met, and again to choose it.
    if (meets && lastPointer === "touch" && !el.classList.contains("gs-armed")) {
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

function currentCard(card: Card, legal: LegalAction[], send: Send): HTMLElement {
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

// --- Gifts, skills and boons ---------------------------------------------------------------------

function poolBox(pool: Pool | undefined, legal: LegalAction[], who: string, send: Send, market: Card[]): HTMLElement | null {
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

function skillButton(crop: string, name: string, legal: LegalAction[], menu: HTMLElement, send: Send, market: Card[]): HTMLElement {
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

// --- The other maps ------------------------------------------------------------------------------

function otherMap(p: Player, ctx: RenderContext): HTMLElement {
  return h(
    "div.gs-other",
    { "data-seat": p.seat },
    h("div.gs-head-row", h("b.small", seatLabel(ctx.seats, p.seat)), p.passed ? h("span.badge", "passed") : null),
    h("div.small.muted", `${p.map} · gifts ${p.gifts_chosen}${p.score !== undefined ? ` · ${p.score} pts` : ""}`),
    drawMap(p.squares, { small: true, label: `${seatLabel(ctx.seats, p.seat)}'s map` }).el,
    p.own ? poolBox(p.own, [], `seat-${p.seat}`, () => {}, []) : null,
  );
}
