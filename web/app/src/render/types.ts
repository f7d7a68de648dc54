// What a game renderer gets: the view (only what this seat may know), who is looking, and, at a table,
// the seat's legal moves and a way to send one. A renderer that draws a table composes a move from
// gestures and sends the legal entry whose parts match (render/moves.ts); it never decides legality.
import type { LegalAction, SeatInfo, View } from "../api";

export interface RenderContext {
  game: string;
  seat: number | "spectator";
  seats: SeatInfo[];
  /** This seat's legal moves now: empty when it need not act (and always in a replay). */
  legal: LegalAction[];
  /** Sends one of `legal`. */
  act: (move: LegalAction) => void;
  /** A move was sent and its answer has not come yet: draw the table inert. */
  pending: boolean;
  /** Sets the line saying what this step asks of the seat ("Drag a trait onto a letterbox…"). */
  prompt: (text: string) => void;
  /** Per-table state of the page that outlives a redraw (a notepad, a chosen orientation). */
  memo: Map<string, unknown>;
}

export type Renderer = (view: View, ctx: RenderContext) => HTMLElement;

/** The fields every view has; renderers leave them to the page (log, turn) or ignore them. */
export const kStandardFields = new Set(["viewer", "to_act", "terminal", "log", "log_total", "game"]);

/** A context for drawing a position nobody can move in (a replay, a finished table). */
export function lookingOnly(game: string, seat: number | "spectator", seats: SeatInfo[]): RenderContext {
  return { game, seat, seats, legal: [], act: () => {}, pending: false, prompt: () => {}, memo: new Map() };
}
