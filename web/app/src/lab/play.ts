// "Play the variant": a lobby table with a stored variant's data and options (POST /api/tables with
// "variant"), each seat a person or a bot; the designer takes the first person's seat and goes to the table.
import { loadName, openNewTable, type GameInfo } from "../api";
import { botOptions, defaultBot } from "../bots";
import { h, mount, toast } from "../dom";
import { createVariantTable, type Variant } from "./api";

/** `unsaved` says whether the editor holds edits the table would not have. */
export function playBox(v: Variant, game: GameInfo, unsaved: () => boolean): HTMLElement {
  const players = h("input#lab-play-players", {
    type: "number",
    min: game.min_seats,
    max: game.max_seats,
    value: Math.max(game.min_seats, Math.min(game.max_seats, 3)),
  });
  players.disabled = game.min_seats === game.max_seats;
  const seatsBox = h("div.seats-setup");
  const seats: string[] = [];
  const bot = defaultBot(game);
  function drawSeats() {
    const n = Math.max(game.min_seats, Math.min(game.max_seats, Number(players.value) || game.min_seats));
    seats.length = n;
    for (let i = 0; i < n; i++) seats[i] ??= i === 0 ? "human" : bot;
    mount(
      seatsBox,
      seats.map((choice, i) => {
        const sel = h(
          "select",
          { "aria-label": `seat ${i}` },
          h("option", { value: "human" }, "a person"),
          botOptions(game),
        );
        sel.value = choice;
        sel.addEventListener("change", () => (seats[i] = sel.value));
        return h("label.seat-setup", h("span", `Seat ${i}`), sel);
      }),
    );
  }
  players.addEventListener("input", drawSeats);
  drawSeats();
  const go = h("button#lab-play", { type: "button" }, "Play at a table");
  go.addEventListener("click", async () => {
    if (unsaved() && !confirm("The table plays the variant as saved, without your unsaved edits. Go on?")) return;
    go.disabled = true;
    try {
      const table = await createVariantTable(v.id, [...seats]);
      await openNewTable(table.code, seats, loadName() || "Designer");
    } catch (e) {
      toast(`Could not create the table: ${(e as Error).message}`);
    } finally {
      go.disabled = false;
    }
  });
  return h(
    "details.play-box",
    { open: true },
    h("summary", "Play the variant"),
    h("p.small.muted", "A lobby table with this variant's data and options; its replay carries them, so court replay re-runs it anywhere."),
    h("div.row", h("label.field.inline", h("span", "Players"), players)),
    seatsBox,
    go,
  );
}
