// The map you handle: the plan's shape follows the pointer as a ghost (green where some legal move
// records exactly those squares, red where none does), R and M (or the buttons) turn and mirror it, a
// click records it; on touch a tap shows the ghost and a second tap on the same square records it.
// The other map gestures (erase, write, shade for a gift) click the square they name. Arrow keys move a
// cursor, Enter does what a click there would. The control only sends moves from `ctx.legal`.
import type { LegalAction } from "../../api";
import { h } from "../../dom";
import { movesOfKind } from "../moves";
import type { RenderContext } from "../types";
import type { DrawnMap } from "./map";
import { valueChip, valueWords } from "./map";
import { handleOf, mirrored, rotated, transformShape, type ShapeSquare } from "./shape";
import { cellIndex, cellName, kGrid, type Card, type PartSquare } from "./view";

export type Tool = "place" | "erase" | "write" | "gift";
export const kToolKinds: Record<Tool, string[]> = {
  place: ["place_plan", "shade_plan"],
  erase: ["erase", "unshade"],
  write: ["write"],
  gift: ["shade_gift"],
};

/** The squares and results a placement fills, as one string ("A1=W B1=5"; "L0 A0" for shading). */
export function placementKey(cells: { cell: string; value?: string }[]): string {
  return [...cells]
    .sort((a, b) => cellIndex(a.cell) - cellIndex(b.cell))
    .map((c) => (c.value ? `${c.cell}=${c.value}` : c.cell))
    .join(" ");
}

interface Memo {
  t: number;
  at?: number;
  tool?: Tool;
  armed?: string;
  keyboard?: boolean;
}

export class MapControl {
  private readonly memo: Memo;
  private readonly byKey = new Map<string, LegalAction>();
  private readonly placeMoves: LegalAction[];
  private readonly shape: ShapeSquare[] | undefined; // the card's squares, less the one left out
  private previewCells = new Set<number>();
  private lastPointer = "mouse";
  readonly tools: Tool[];

  constructor(
    private readonly ctx: RenderContext,
    private readonly map: DrawnMap,
    private readonly menuBox: HTMLElement,
    card: Card | undefined,
    private readonly signature: string,
    private readonly onChange: () => void,
  ) {
    this.memo = (ctx.memo.get("gameshire") as Memo | undefined) ?? { t: 0 };
    ctx.memo.set("gameshire", this.memo);
    this.tools = (Object.keys(kToolKinds) as Tool[]).filter((t) => movesOfKind(ctx.legal, ...kToolKinds[t]).length > 0);
    if (!this.memo.tool || !this.tools.includes(this.memo.tool)) this.memo.tool = this.tools[0];
    this.placeMoves = movesOfKind(ctx.legal, ...kToolKinds.place);
    for (const m of this.placeMoves) this.byKey.set(placementKey(m.parts.cells as PartSquare[]), m);
    if (card && this.placeMoves.length > 0) {
      const omitted = Number(this.placeMoves[0].parts.omitted ?? 0);
      this.shape = card.shape.filter((_, k) => k + 1 !== omitted).map((s) => ({ row: s.row, col: s.col, value: s.value ?? "" }));
    }
    if (this.tools.length > 0 && !ctx.pending) this.listen();
    this.paint();
  }

  get tool(): Tool | undefined {
    return this.memo.tool;
  }

  get transform(): number {
    return this.memo.t;
  }

  setTool(tool: Tool): void {
    this.memo.tool = tool;
    this.closeMenu();
    this.paint();
    this.onChange();
  }

  rotate(): void {
    this.memo.t = rotated(this.memo.t);
    this.paint();
  }

  mirror(): void {
    this.memo.t = mirrored(this.memo.t);
    this.paint();
  }

  /** Marks the squares a market demand could be met on (a hover over the card), or clears them. */
  preview(cells: string[] | undefined): void {
    this.previewCells = new Set((cells ?? []).map(cellIndex));
    this.paint();
  }

  /** Focuses the map again after a redraw when the player was using the keyboard on it. */
  refocus(): void {
    if (!this.memo.keyboard) return;
    requestAnimationFrame(() => {
      if (this.map.el.isConnected) this.map.el.focus({ preventScroll: true });
    });
  }

  // --- The ghost --------------------------------------------------------------------------------

  private turnedShape(): ShapeSquare[] | undefined {
    return this.shape ? transformShape(this.shape.map((s) => ({ row: s.row, col: s.col, value: s.value })), this.memo.t) : undefined;
  }

  /** The squares the ghost covers with its handle on `at` (off-map squares are dropped and counted). */
  private ghostAt(at: number): { cells: { index: number; value: string }[]; offMap: number } {
    const shape = this.turnedShape() ?? [];
    const handle = handleOf(shape);
    const out: { index: number; value: string }[] = [];
    let offMap = 0;
    const row0 = Math.floor(at / kGrid) - handle.row;
    const col0 = (at % kGrid) - handle.col;
    for (const s of shape) {
      const r = row0 + s.row;
      const c = col0 + s.col;
      if (r < 0 || r >= kGrid || c < 0 || c >= kGrid) offMap++;
      else out.push({ index: r * kGrid + c, value: s.value });
    }
    return { cells: out, offMap };
  }

  /** The legal placement the ghost shows with its handle on `at`, if there is one. */
  private placementAt(at: number): LegalAction | undefined {
    const ghost = this.ghostAt(at);
    if (ghost.offMap > 0) return undefined;
    return this.byKey.get(placementKey(ghost.cells.map((c) => ({ cell: cellName(Math.floor(c.index / kGrid), c.index % kGrid), value: c.value }))));
  }

  /** Handle squares where the shape, turned as it is now, makes a legal placement. */
  private fittingHandles(): Set<number> {
    const shape = this.turnedShape();
    const out = new Set<number>();
    if (!shape) return out;
    const handle = handleOf(shape);
    const want = shape.map((s) => `${s.row},${s.col},${s.value}`).join(" ");
    for (const m of this.placeMoves) {
      const anchor = cellIndex(String(m.parts.anchor));
      const ar = Math.floor(anchor / kGrid);
      const ac = anchor % kGrid;
      const cells = (m.parts.cells as PartSquare[]).map((c) => ({ row: c.row - ar, col: c.col - ac, value: c.value ?? "" }));
      cells.sort((a, b) => a.row - b.row || a.col - b.col);
      if (cells.map((s) => `${s.row},${s.col},${s.value}`).join(" ") === want) out.add((ar + handle.row) * kGrid + ac + handle.col);
    }
    return out;
  }

  /** Squares some legal move of the current tool names, with those moves. */
  private targets(): Map<number, LegalAction[]> {
    const out = new Map<number, LegalAction[]>();
    const tool = this.memo.tool;
    if (!tool || tool === "place") return out;
    for (const m of movesOfKind(this.ctx.legal, ...kToolKinds[tool])) {
      const cell = cellIndex(String(m.parts.cell));
      out.set(cell, [...(out.get(cell) ?? []), m]);
    }
    return out;
  }

  paint(): void {
    const tool = this.memo.tool;
    const placing = tool === "place" && this.shape !== undefined;
    const ghost = placing && this.memo.at !== undefined ? this.ghostAt(this.memo.at) : undefined;
    const ok = placing && this.memo.at !== undefined && this.placementAt(this.memo.at) !== undefined;
    const ghostCells = new Map((ghost?.cells ?? []).map((c) => [c.index, c.value]));
    const fits = placing ? this.fittingHandles() : new Set<number>();
    const targets = this.targets();
    this.map.squares.forEach((sq, i) => {
      const inGhost = ghostCells.has(i);
      sq.classList.toggle("gs-ghost", inGhost);
      sq.classList.toggle("gs-ok", inGhost && ok);
      sq.classList.toggle("gs-bad", inGhost && !ok);
      sq.classList.toggle("gs-fit", fits.has(i));
      sq.classList.toggle("gs-target", targets.has(i));
      sq.classList.toggle("gs-preview", this.previewCells.has(i));
      sq.classList.toggle("gs-cursor", this.memo.keyboard === true && this.memo.at === i);
      // The ghost shows each result in its own colour, on the green (or red) of the whole shape.
      const label = sq.querySelector(".gs-ghost-value");
      const value = inGhost ? ghostCells.get(i) ?? "" : "";
      if (label && label.textContent !== value) label.replaceChildren(...(value ? [valueChip(value)] : []));
    });
    const shape = this.turnedShape();
    const handle = shape ? handleOf(shape) : undefined;
    this.map.el.dataset.mode = tool ?? "";
    this.map.el.dataset.transform = String(this.memo.t);
    this.map.el.dataset.handle = handle ? `${handle.row},${handle.col}` : "";
    this.map.el.dataset.cursor = this.memo.at === undefined ? "" : cellName(Math.floor(this.memo.at / kGrid), this.memo.at % kGrid);
    this.map.el.dataset.ghost = ghost ? (ok ? "ok" : "bad") : "";
  }

  // --- Gestures ---------------------------------------------------------------------------------

  private listen(): void {
    const el = this.map.el;
    el.tabIndex = 0;
    el.setAttribute("aria-roledescription", "map");
    el.addEventListener("pointerdown", (e) => (this.lastPointer = e.pointerType || "mouse"));
    el.addEventListener("pointermove", (e) => {
      if (e.pointerType !== "mouse" && e.pointerType !== "pen") return;
      const cell = this.squareOf(e.target);
      if (cell === undefined || cell === this.memo.at) return;
      this.memo.at = cell;
      this.memo.keyboard = false;
      this.paint();
    });
    el.addEventListener("click", (e) => {
      const cell = this.squareOf(e.target);
      if (cell === undefined) return;
      this.memo.keyboard = false;
      this.press(cell, this.lastPointer === "touch");
    });
    el.addEventListener("keydown", (e) => this.key(e));
  }

  private squareOf(target: EventTarget | null): number | undefined {
    const sq = (target as HTMLElement | null)?.closest?.("[data-cell]") as HTMLElement | null;
    return sq ? cellIndex(sq.dataset.cell!) : undefined;
  }

  /** A click (or Enter) on square `cell`; `touch` asks for a first tap that only shows the ghost. */
  private press(cell: number, touch: boolean): void {
    const tool = this.memo.tool;
    if (tool === "place") {
      const armed = `${this.signature}@${cell}`;
      if (touch && this.memo.armed !== armed) {
        this.memo.armed = armed;
        this.memo.at = cell;
        this.paint();
        return;
      }
      this.memo.at = cell;
      const move = this.placementAt(cell);
      this.paint();
      if (move) this.send(move);
      return;
    }
    const moves = this.targets().get(cell) ?? [];
    this.memo.at = cell;
    this.paint();
    if (moves.length === 1 && tool !== "write") this.send(moves[0]);
    else if (moves.length > 0) this.openWriteMenu(cell, moves);
  }

  private send(move: LegalAction): void {
    this.memo.armed = undefined;
    this.closeMenu();
    this.ctx.act(move);
  }

  private key(e: KeyboardEvent): void {
    const steps: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (e.key in steps) {
      e.preventDefault();
      this.memo.keyboard = true;
      const at = this.memo.at ?? this.startSquare();
      const [dr, dc] = steps[e.key];
      const r = Math.min(kGrid - 1, Math.max(0, Math.floor(at / kGrid) + dr));
      const c = Math.min(kGrid - 1, Math.max(0, (at % kGrid) + dc));
      this.memo.at = this.memo.at === undefined ? at : r * kGrid + c;
      this.paint();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.memo.keyboard = true;
      if (this.memo.at === undefined) {
        this.memo.at = this.startSquare();
        this.paint();
      } else {
        this.press(this.memo.at, false);
      }
    } else if (e.key === "Escape") {
      this.closeMenu();
    }
  }

  /** Where the keyboard cursor starts: a square where the shape fits as turned now, or a target. */
  private startSquare(): number {
    const first = [...this.fittingHandles(), ...this.targets().keys()][0];
    return first ?? 3 * kGrid + 3;
  }

  // --- Writing a square (Red Radishes) ------------------------------------------------------------

  private openWriteMenu(cell: number, moves: LegalAction[]): void {
    const name = cellName(Math.floor(cell / kGrid), cell % kGrid);
    this.menuBox.replaceChildren(
      h(
        "div.gs-write-menu",
        { role: "menu", "aria-label": `write in ${name}` },
        h("span.small", `Write in ${name}:`),
        moves.map((m) => {
          const v = String(m.parts.value);
          const kind = /^\d$/.test(v) ? "gs-cow" : `gs-crop gs-crop-${v}`;
          return h("button.gs-chip-button", { type: "button", class: kind, "data-write": v, title: valueWords(v), onclick: () => this.send(m) }, v);
        }),
        h("button.secondary.small", { type: "button", onclick: () => this.closeMenu() }, "cancel"),
      ),
    );
    this.menuBox.querySelector("button")?.focus();
  }

  private closeMenu(): void {
    this.menuBox.replaceChildren();
  }
}
