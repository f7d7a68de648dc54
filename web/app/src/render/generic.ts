// The fallback for any game: every field of the view, laid out by its shape (lists of words as chips,
// lists of records as tables, multi-line text as a picture block).
import type { View } from "../api";
import { h } from "../dom";
import { kStandardFields, type RenderContext } from "./types";

export function renderGeneric(view: View, _ctx: RenderContext, skip: Set<string> = new Set()): HTMLElement {
  const fields = Object.entries(view).filter(([k]) => !kStandardFields.has(k) && !skip.has(k));
  return h(
    "div.generic",
    fields.length === 0 ? h("p.muted", "This view has no fields besides the log.") : null,
    h(
      "dl.fields",
      fields.map(([k, v]) => [h("dt", humanize(k)), h("dd", { "data-field": k }, value(v))]),
    ),
  );
}

export function humanize(key: string): string {
  const s = key.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function value(v: unknown): HTMLElement | string {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return v.includes("\n") ? h("pre.picture", v) : v;
  if (Array.isArray(v)) {
    if (v.length === 0) return h("span.muted", "none");
    if (v.every((x) => typeof x !== "object" || x === null)) {
      return h("div.chips", v.map((x) => h("span.chip", x === null ? "—" : String(x))));
    }
    if (v.every((x) => typeof x === "object" && x !== null && !Array.isArray(x))) return recordTable(v as Record<string, unknown>[]);
    return h("ol.list", v.map((x) => h("li", value(x))));
  }
  if (typeof v === "object") {
    return h(
      "dl.fields.nested",
      Object.entries(v as Record<string, unknown>).map(([k, x]) => [h("dt", humanize(k)), h("dd", value(x))]),
    );
  }
  return String(v);
}

function recordTable(rows: Record<string, unknown>[]): HTMLElement {
  const columns: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k);
  return h(
    "table.records",
    h("thead", h("tr", columns.map((c) => h("th", humanize(c))))),
    h("tbody", rows.map((r) => h("tr", columns.map((c) => h("td", c in r ? value(r[c]) : ""))))),
  );
}
