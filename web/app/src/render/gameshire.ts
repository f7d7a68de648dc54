// Gameshire: each player's 8×8 map (crops, cows, crowns, hammers, shading, boons) with its gift row,
// the market, the card being recorded, the decks and the wrinkles in play.
import type { View } from "../api";
import { h } from "../dom";
import { seatLabel } from "../names";
import { value } from "./generic";
import type { RenderContext } from "./types";

interface Squares {
  rows: string[]; // eight rows (row 0 = the top border) of eight characters, columns L..R; "." blank
  crowns: string[];
  hammers: string[];
  shaded: string[];
  boon_lines: string[];
}
interface Pool {
  gifts: string[];
  skills: string[];
  boons: number;
  boons_earned: number;
  skill_track_used: number;
  next_skill_cost: number | string;
}
interface Player {
  seat: number;
  map: string;
  passed: boolean;
  gifts_chosen: string;
  score?: number;
  own?: Pool;
  may?: string;
  grid: string;
  squares: Squares;
}
interface MarketCard {
  card: string;
  resource: string;
  plan?: string;
  demand?: string;
  requires?: string;
}

const kColumns = "LABCDEFR";
const kGrid = 8;

export function renderGameshire(view: View, ctx: RenderContext): HTMLElement {
  const players = (view.players as Player[]) ?? [];
  const market = (view.market as MarketCard[]) ?? [];
  const team = view.team as Pool | undefined;
  return h(
    "div.gameshire",
    h(
      "div.facts",
      h("span", "Season: ", h("b", String(view.season))),
      h("span", "Step: ", h("b", String(view.step))),
      h("span", "Active: ", h("b", seatLabel(ctx.seats, Number(view.active)))),
      h("span", "Mode: ", h("b", String(view.mode))),
      view.result ? h("span.monarch", h("b", String(view.result))) : null,
    ),
    h(
      "section.board-section",
      h("h3", "Market"),
      h(
        "div.cards",
        market.map((m) => marketCard(m)),
        view.current ? marketCard(view.current as MarketCard, "current") : null,
      ),
      view.shading_gift ? h("p", "Shading for gift ", h("b", String(view.shading_gift))) : null,
      h("div.small.muted", "Decks: ", value(view.decks)),
      ((view.wrinkles as string[]) ?? []).length ? h("p.small", "Wrinkles: ", (view.wrinkles as string[]).join(", ")) : null,
    ),
    team ? h("section.board-section", h("h3", "The team's gifts and skills"), poolBox(team)) : null,
    h(
      "div.map-grid",
      players.map((p) =>
        h(
          "section.board-section.map-board",
          { class: p.seat === ctx.seat ? "you" : "" },
          h(
            "div.player-head",
            h("b", seatLabel(ctx.seats, p.seat)),
            h("span.badge", p.score !== undefined ? `${p.score} pts` : p.map),
          ),
          h("div.small.muted", `map ${p.map} · gifts chosen ${p.gifts_chosen}${p.passed ? " · passed" : ""}`),
          p.may ? h("div.small", "May: ", p.may) : null,
          mapTable(p.squares),
          p.own ? poolBox(p.own) : null,
        ),
      ),
    ),
  );
}

function marketCard(m: MarketCard, extra = ""): HTMLElement {
  const shape = m.plan ?? m.demand ?? "";
  return h(
    "div.card.market-card",
    { class: extra },
    h("span.card-id", extra === "current" ? "being recorded" : m.resource),
    h("b", m.card),
    shape ? h("pre.shape", shape.split("/").join("\n")) : null,
    extra === "current" ? h("span.small", m.resource) : null,
    m.requires ? h("span.small", m.requires) : null,
  );
}

function mapTable(sq: Squares): HTMLElement {
  const has = (list: string[], name: string) => list.includes(name);
  const rows: HTMLElement[] = [h("tr", h("th"), [...kColumns].map((c) => h("th", c)))];
  for (let r = 0; r < kGrid; ++r) {
    const cells: HTMLElement[] = [h("th", String(r))];
    for (let c = 0; c < kGrid; ++c) {
      const name = `${kColumns[c]}${r}`;
      const ch = sq.rows[r]?.[c] ?? ".";
      const v = ch === "." ? "" : ch;
      const classes = [
        has(sq.shaded, name) ? "shaded" : "",
        has(sq.crowns, name) ? "crown" : "",
        has(sq.hammers, name) ? "hammer" : "",
        v === "" ? "" : /^\d+$/.test(v) ? "cow" : `crop crop-${v}`,
      ].join(" ");
      cells.push(
        h(
          "td",
          { class: classes, title: name },
          v,
          has(sq.crowns, name) ? h("span.mark.crown-mark", { title: "crown" }, "♛") : null,
          has(sq.hammers, name) ? h("span.mark.hammer-mark", { title: "hammer" }, "⚒") : null,
        ),
      );
    }
    rows.push(h("tr", cells));
  }
  return h(
    "div",
    h("table.map", h("tbody", rows)),
    h("div.map-legend", "letters: crops · numbers: cows · ♛ crown · ⚒ hammer · hatched: shaded"),
    sq.boon_lines.length ? h("div.small", "Boons earned on: ", sq.boon_lines.join(", ")) : null,
  );
}

function poolBox(pool: Pool): HTMLElement {
  return h(
    "div.pool",
    h(
      "div.gift-row",
      h("span.small.muted", "gifts"),
      pool.gifts.map((text) => {
        // The view writes a gift as "A=W" (chosen), "B=[3]" (delivered) or "C=-" (not chosen yet).
        const [column, raw = "-"] = String(text).split("=");
        const delivered = raw.startsWith("[");
        const value = raw.replace(/[[\]]/g, "");
        const chosen = value !== "-";
        return h("span.gift", { class: delivered ? "delivered" : chosen ? "chosen" : "" }, h("small", column), chosen ? value : "–");
      }),
    ),
    h(
      "div.small",
      `skills: ${pool.skills.length ? pool.skills.join(", ") : "none"} · boons ${pool.boons} (earned ${pool.boons_earned}) · next skill costs ${pool.next_skill_cost}`,
    ),
  );
}
