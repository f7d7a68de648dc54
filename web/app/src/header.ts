// The page header shared by the lobby, table and replay pages.
import { h, type Child } from "./dom";

export function pageHeader(...extra: Child[]): HTMLElement {
  return h(
    "header.top",
    h("a.brand", { href: "#/" }, h("span.crown", "♛"), " Court"),
    h("div.header-extra", extra),
  );
}
