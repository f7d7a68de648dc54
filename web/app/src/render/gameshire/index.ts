// Gameshire's renderer, the one the registry calls. Its table: your map as a grid you handle (control.ts:
// the plan's shape follows the pointer as a ghost, green where it can be recorded, red where not; R and
// M or the buttons turn and mirror it; a click records it, on touch a tap shows it and a second tap
// records it), the market's cards to choose, discard or aim a skill at, the card being recorded (click a
// square to leave it out with Orange Peppers), skills as buttons with their cost, the gift row (click a
// gift to deliver it), pass and keep as buttons, and the other players' maps small beside yours
// (board.ts, gestures.ts). In Autumn the squares where a demand can be met are marked. Every gesture has
// a keyboard equivalent (docs/protocol.md, "Move parts").
import type { LegalAction } from "../../api";
import { h } from "../../dom";
import { seatLabel } from "../../names";
import { movesOfKind } from "../moves";
import type { RenderContext } from "../types";
import { facts, marketSection, otherMap, playerFacts, poolBox } from "./board";
import { MapControl, kToolKinds } from "./control";
import { currentCard, mapControls, markDemandSquares, promptFor, type Send } from "./gestures";
import { drawMap } from "./map";
import type { GameshireView } from "./view";
import "./gameshire.css";

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
