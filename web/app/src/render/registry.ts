// Which renderer draws which game; any game without one gets the generic fallback.
import type { View } from "../api";
import { h } from "../dom";
import { renderGeneric } from "./generic";
import { renderBelle } from "./belle/index";
import { renderGameshire } from "./gameshire/index";
import { renderIntrigue } from "./intrigue/index";
import { renderPersuasion } from "./persuasion/index";
import type { RenderContext, Renderer } from "./types";

const renderers: Record<string, Renderer> = {
  belle: renderBelle,
  gameshire: renderGameshire,
  intrigue: renderIntrigue,
  persuasion: renderPersuasion,
  "persuasion-classic": renderPersuasion,
};

/** The game has a table of its own (the move list then folds away behind a toggle). */
export function hasTable(game: string): boolean {
  return game in renderers;
}

/** Draws the board with the game's renderer, or with the generic one when asked (`plain`). */
export function renderBoard(view: View, ctx: RenderContext, plain = false): HTMLElement {
  const renderer = plain ? undefined : renderers[ctx.game];
  if (renderer) {
    try {
      return renderer(view, ctx);
    } catch (e) {
      // A view this renderer does not understand (a newer game version) still shows, generically.
      console.error(`renderer for ${ctx.game} failed`, e);
      return h("div", h("p.muted.small", "(shown generically)"), renderGeneric(view, ctx));
    }
  }
  return renderGeneric(view, ctx);
}
