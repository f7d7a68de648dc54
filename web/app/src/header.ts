// The page header shared by the lobby, table and replay pages.
import { h, type Child } from "./dom";

export function pageHeader(...extra: Child[]): HTMLElement {
  return h(
    "header.top",
    h("a.brand", { href: "#/" }, h("span.crown", "♛"), " Court"),
    h("div.header-extra", extra),
  );
}

/** The header's way to the designer's Lab (on the lobby). */
export const labLink = () => h("a.nav-link", { href: "#/lab", title: "The designer's Lab: edit, simulate, compare" }, "Lab");
