// The public log as this seat may read it, newest at the bottom and scrolled into sight.
import { h } from "../dom";

export function logPanel(lines: string[], total: number): HTMLElement {
  const earlier = total > lines.length ? total - lines.length : 0;
  const list = h(
    "ol.log-lines",
    { start: earlier + 1 },
    lines.map((line) => h("li", line)),
  );
  const box = h(
    "section.panel.log#log",
    h("h3", "Log"),
    earlier ? h("p.muted.small", `(${earlier} earlier line${earlier === 1 ? "" : "s"} not shown)`) : null,
    lines.length ? list : h("p.muted", "Nothing has happened yet."),
  );
  requestAnimationFrame(() => (list.scrollTop = list.scrollHeight));
  return box;
}
