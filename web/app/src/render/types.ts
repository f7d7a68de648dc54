// What a game renderer gets: the view (only what this seat may know) and who is looking.
import type { SeatInfo, View } from "../api";

export interface RenderContext {
  game: string;
  seat: number | "spectator";
  seats: SeatInfo[];
}

export type Renderer = (view: View, ctx: RenderContext) => HTMLElement;

/** The fields every view has; renderers leave them to the page (log, turn) or ignore them. */
export const kStandardFields = new Set(["viewer", "to_act", "terminal", "log", "log_total", "game"]);
