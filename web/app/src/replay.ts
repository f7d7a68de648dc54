// The replay viewer: a finished table step by step, from any seat's view or the spectator's.
import { getTable, replayUrl, replayView, tableTalk, type TableSummary, type TalkMessage } from "./api";
import { redrawAnimated } from "./animate";
import { h, mount } from "./dom";
import { keepingFocus } from "./focus";
import { pageHeader } from "./header";
import { HowToPlay } from "./how-to-play";
import { seatLabel } from "./names";
import { outcomePanel } from "./outcome";
import { logPanel } from "./render/log";
import { renderBoard } from "./render/registry";
import { lookingOnly } from "./render/types";
import { talkLines } from "./talk";

export function showReplay(app: HTMLElement, code: string, params: URLSearchParams): () => void {
  const root = h("main.replay-page#replay", { "data-code": code }, h("p.muted", "Loading the replay…"));
  mount(app, pageHeader(h("span.invite", "Replay of table ", h("a.code", { href: `#/table/${code}` }, code))), root);
  let stopped = false;
  let timer: number | undefined;
  const howToPlay = new HowToPlay("");

  getTable(code)
    .then((table) => {
      if (stopped) return;
      if (table.status !== "finished") {
        mount(root, h("p", "This table is still being played; its replay opens when the game is over. "),
          h("a.button", { href: `#/table/${code}` }, "Go to the table"));
        return;
      }
      start(table);
    })
    .catch((e) => mount(root, h("p.error", `Table ${code}: ${e.message}`)));

  function start(table: TableSummary) {
    howToPlay.setGame(table.game);
    const seatParam = params.get("seat");
    let seat: number | "spectator" =
      seatParam === null || seatParam === "spectator" || Number.isNaN(Number(seatParam)) ? "spectator" : Number(seatParam);
    let step = Math.max(0, Math.min(table.steps, Number(params.get("step") ?? table.steps) || 0));
    if (params.get("step") === null) step = table.steps;
    let request = 0;
    // The table's public talk, fetched once; each step shows what was said up to it.
    const talk = table.talk ? tableTalk(code).then((t) => t.messages, () => undefined) : Promise.resolve([]);

    const seatSelect = h(
      "select#replay-seat",
      { "aria-label": "whose view" },
      h("option", { value: "spectator" }, "Spectator (public facts)"),
      table.seats.map((s) => h("option", { value: s.seat }, `${seatLabel(table.seats, s.seat)}'s view`)),
    );
    seatSelect.value = String(seat);
    const slider = h("input#replay-step", { type: "range", min: 0, max: table.steps, value: step, "aria-label": "step" });
    const stepLabel = h("span.step-label");
    const playButton = h("button.secondary", { type: "button" }, "▶ Play");
    const board = h("div.replay-board");
    const nav = (to: number) => () => go(to);
    const controls = h(
      "div.panel.replay-controls",
      h("label.field.inline", h("span", "View of"), seatSelect),
      h(
        "div.row",
        h("button.secondary", { type: "button", title: "first", onclick: nav(0) }, "⇤ first"),
        h("button.secondary#replay-prev", { type: "button", title: "previous", onclick: () => go(step - 1) }, "◀"),
        slider,
        h("button.secondary#replay-next", { type: "button", title: "next", onclick: () => go(step + 1) }, "▶"),
        h("button.secondary", { type: "button", title: "last", onclick: () => go(table.steps) }, "last ⇥"),
        playButton,
        stepLabel,
      ),
      h("a.button.secondary", { href: replayUrl(code), download: `court-${code}.json` }, "Download the replay document"),
    );
    mount(
      root,
      h(
        "div.title-row",
        h("h1", `${table.title} · replay`),
        h("span.muted", `table ${code}`),
        h("div.title-tools", howToPlay.button()),
      ),
      outcomePanelCompact(table),
      controls,
      board,
    );

    seatSelect.addEventListener("change", () => {
      seat = seatSelect.value === "spectator" ? "spectator" : Number(seatSelect.value);
      go(step);
    });
    slider.addEventListener("input", () => go(Number(slider.value)));
    playButton.addEventListener("click", () => {
      if (timer !== undefined) return stop();
      if (step >= table.steps) go(0);
      playButton.textContent = "⏸ Pause";
      timer = window.setInterval(() => (step >= table.steps ? stop() : go(step + 1)), 900);
    });
    function stop() {
      clearInterval(timer);
      timer = undefined;
      playButton.textContent = "▶ Play";
    }

    async function go(to: number) {
      step = Math.max(0, Math.min(table.steps, to));
      slider.value = String(step);
      stepLabel.textContent = `step ${step} of ${table.steps}`;
      history.replaceState(null, "", `#/replay/${code}?seat=${seat}&step=${step}`);
      const mine = ++request;
      try {
        const answer = await replayView(code, step, seat);
        if (mine !== request || stopped) return;
        root.dataset.step = String(answer.step);
        root.dataset.seat = String(seat);
        const ctx = lookingOnly(table.game, seat, table.seats);
        // A move's label may name what only its mover knew: it shows in the mover's own view; other
        // views (and the spectator's) say who moved, and their log says what they could see.
        const mover = answer.move ? seatLabel(table.seats, answer.move.seat) : "";
        const showLabel = answer.move && seat === answer.move.seat;
        const move = h(
          "p.replay-move#replay-move",
          !answer.move ? "The start of the game." : showLabel ? `Move ${answer.step}: ${mover} — ${answer.move.label}` : `Move ${answer.step}: ${mover} moved.`,
        );
        const log = logPanel(answer.view.log ?? [], Number(answer.view.log_total ?? 0));
        const said = talkPanel(await talk, table, answer.step);
        if (mine !== request || stopped) return;
        const layout = h("div.layout", h("section.board", renderBoard(answer.view, ctx)), h("aside.side", said, log));
        keepingFocus(board, () => redrawAnimated(board, () => mount(board, move, layout)));
      } catch (e) {
        if (mine === request) mount(board, h("p.error", (e as Error).message));
      }
    }
    go(step);
  }

  return () => {
    stopped = true;
    clearInterval(timer);
    howToPlay.close();
  };
}

/** The table's talk said up to `step` (spectators' reading: no private messages). */
function talkPanel(messages: TalkMessage[] | undefined, table: TableSummary, step: number): HTMLElement | null {
  if (!table.talk) return null;
  if (!messages) return h("section.panel.talk#talk", h("h3", "Table talk"), h("p.muted", "The table's talk could not be loaded."));
  const list = talkLines(messages.filter((m) => m.step <= step), table.seats, "spectator", h("ol.talk-lines#talk-lines"));
  requestAnimationFrame(() => (list.scrollTop = list.scrollHeight));
  return h("section.panel.talk#talk", h("h3", "Table talk"), list);
}

function outcomePanelCompact(table: TableSummary): HTMLElement {
  const panel = outcomePanel(table.outcome, table.seats, "spectator", table.code);
  panel.querySelector(".row")?.remove();
  panel.classList.add("compact");
  return panel;
}
