// Moves seen as moves: the page redraws from scratch on every state message, so a piece that went from
// one place to another would just jump. Before the redraw the page notes where each piece was (by its
// `data-piece` id); after it, each piece still on the page slides from its old box to its new one
// (FLIP: first, last, invert, play, with the Web Animations API) and a piece that was not there
// before fades in. Nothing moves when the person asked for reduced motion.

/** How long a piece takes to slide to its new place, in milliseconds. */
export const kMoveMs = 250;
const kFadeMs = 200;

/** Where each piece was, in page coordinates (so a scroll during the redraw does not count as a move). */
export type Positions = Map<string, DOMRect>;

function wantsReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The pieces under `root` by id; an id used twice is ambiguous and left out. */
function piecesUnder(root: Element): Map<string, HTMLElement> {
  const pieces = new Map<string, HTMLElement>();
  const twice = new Set<string>();
  for (const el of root.querySelectorAll<HTMLElement>("[data-piece]")) {
    const id = el.dataset.piece!;
    if (pieces.has(id)) twice.add(id);
    pieces.set(id, el);
  }
  for (const id of twice) pieces.delete(id);
  return pieces;
}

function pageBox(el: Element): DOMRect {
  const r = el.getBoundingClientRect();
  return new DOMRect(r.left + window.scrollX, r.top + window.scrollY, r.width, r.height);
}

/** Notes where every piece under `root` is now (call just before the redraw). */
export function notePositions(root: Element): Positions {
  const positions: Positions = new Map();
  for (const [id, el] of piecesUnder(root)) positions.set(id, pageBox(el));
  return positions;
}

/** The transform that puts a piece now at `to` back where it was (`from`). */
function inverse(from: DOMRect, to: DOMRect): string | undefined {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const sx = to.width > 0 ? from.width / to.width : 1;
  const sy = to.height > 0 ? from.height / to.height : 1;
  const moved = Math.abs(dx) >= 1 || Math.abs(dy) >= 1;
  const resized = Math.abs(sx - 1) > 0.02 || Math.abs(sy - 1) > 0.02;
  if (!moved && !resized) return undefined;
  return `translate(${dx}px, ${dy}px)` + (resized ? ` scale(${sx}, ${sy})` : "");
}

/**
 * Slides the pieces under `root` from where `before` saw them to where they are now, and fades in the
 * new ones (only when the page had pieces before: the first drawing of a table does not fade in).
 * Returns the animations started (none under reduced motion).
 */
export function animateMoves(root: Element, before: Positions): Animation[] {
  if (wantsReducedMotion() || before.size === 0) return [];
  const started: Animation[] = [];
  const sliding = new Set<Element>();
  for (const [id, el] of piecesUnder(root)) {
    // A piece inside another piece that slides moves with it already.
    const outer = el.parentElement?.closest("[data-piece]");
    if (outer && sliding.has(outer)) continue;
    const from = before.get(id);
    if (!from) {
      started.push(el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: kFadeMs, easing: "ease-out" }));
      continue;
    }
    const transform = inverse(from, pageBox(el));
    if (!transform) continue;
    sliding.add(el);
    const slide = el.animate(
      [{ transform, transformOrigin: "top left" }, { transform: "none", transformOrigin: "top left" }],
      { duration: kMoveMs, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" },
    );
    // A piece grabbed while it slides is where it lands at once (the drag sets its own transform).
    el.addEventListener("pointerdown", () => slide.finish(), { once: true });
    started.push(slide);
  }
  return started;
}

/** Redraws `root` with `redraw()`, animating the pieces that moved. */
export function redrawAnimated(root: Element, redraw: () => void): void {
  const before = notePositions(root);
  redraw();
  animateMoves(root, before);
}
