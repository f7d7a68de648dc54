// The end-of-game screen: who won, scores and ranks, and links to the replay.
import { replayUrl, type Outcome, type SeatInfo } from "./api";
import { h } from "./dom";
import { seatLabel } from "./names";

export function outcomePanel(
  outcome: Outcome | undefined,
  seats: SeatInfo[],
  me: number | "spectator",
  code: string,
): HTMLElement {
  const results = [...(outcome?.seats ?? [])].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const winners = results.filter((r) => r.win).map((r) => seatLabel(seats, r.seat));
  let headline: string;
  if (outcome?.team_win !== undefined) {
    headline = outcome.team_win ? "The team won!" : `The team lost${outcome.loss_cause ? ` (${outcome.loss_cause.replace(/_/g, " ")})` : ""}.`;
  } else if (me !== "spectator" && results.some((r) => r.seat === me)) {
    headline = results.find((r) => r.seat === me)!.win ? "You won!" : "You did not win.";
  } else {
    headline = winners.length ? `Won by ${winners.join(", ")}.` : "Nobody won.";
  }
  const replaySeat = me === "spectator" ? "spectator" : String(me);
  return h(
    "section.panel.game-over#game-over",
    h("h2", "Game over · ", headline),
    winners.length && me !== "spectator" ? h("p", `Winner${winners.length > 1 ? "s" : ""}: ${winners.join(", ")}`) : null,
    results.length
      ? h(
          "table.results",
          h("thead", h("tr", h("th", "Rank"), h("th", "Seat"), h("th", "Result"), h("th", "Score"))),
          h(
            "tbody",
            results.map((r) =>
              h(
                "tr",
                { class: [r.win ? "win" : "", r.seat === me ? "you" : ""].join(" ") },
                h("td", String(r.rank)),
                h("td", seatLabel(seats, r.seat)),
                h("td", r.win ? "wins" : "—"),
                h("td", formatScore(r.score)),
              ),
            ),
          ),
        )
      : null,
    h(
      "div.row",
      h("a.button#replay-link", { href: `#/replay/${code}?seat=${replaySeat}` }, "Watch the replay"),
      h("a.button.secondary", { href: replayUrl(code), download: `court-${code}.json` }, "Download the replay"),
      h("a.button.secondary", { href: "#/" }, "Back to the lobby"),
    ),
  );
}

function formatScore(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}
