// Keyboard focus across a redraw: the table page draws a fresh DOM on every state message, which would
// drop the focus of someone moving with Tab back to the top of the page each time a bot moves. Before
// the redraw the page notes what had the focus (by id, move, piece or seat); after it, the same control
// gets the focus again when it is still there.

/** A selector that finds the same control in the new DOM, or undefined when nothing names it. */
function focusKey(el: Element): string | undefined {
  const attr = (name: string) => {
    const value = el.getAttribute(name);
    return value === null ? undefined : `[${name}="${CSS.escape(value)}"]`;
  };
  if (el.id) return `#${CSS.escape(el.id)}`;
  const named = attr("data-piece") ?? attr("data-action") ?? attr("aria-label");
  if (named) return `${el.tagName.toLowerCase()}${named}`;
  // The toggle of a folded panel (<summary> of a <details id=...>).
  const parent = el.parentElement;
  if (el.tagName === "SUMMARY" && parent?.id) return `#${CSS.escape(parent.id)} > summary`;
  return undefined;
}

/** Runs `redraw` (which replaces what is under `root`) and gives the focus back to the same control. */
export function keepingFocus(root: Element, redraw: () => void): void {
  const active = document.activeElement;
  const key = active && root.contains(active) ? focusKey(active) : undefined;
  redraw();
  if (!key || root.contains(document.activeElement)) return;
  root.querySelector<HTMLElement>(key)?.focus({ preventScroll: true });
}
