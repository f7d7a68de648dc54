// A card's shape turned the way the engine turns it (src/games/gameshire/geometry.cpp, `transform`):
// transform t rotates t % 4 quarter turns clockwise, then mirrors left-right when t >= 4; the result is
// moved so its smallest row and column are 0. The table keeps one transform and lays the shape on the
// map with its handle square under the pointer.
import type { CardSquare } from "./view";

export interface ShapeSquare {
  row: number;
  col: number;
  value: string; // the result written there ("" for a demand)
}

export function transformShape(shape: CardSquare[], t: number): ShapeSquare[] {
  let cells = shape.map((s) => ({ row: s.row, col: s.col, value: s.value ?? s.symbol ?? "" }));
  for (let k = 0; k < t % 4; ++k) cells = cells.map((c) => ({ ...c, row: c.col, col: -c.row }));
  if (t >= 4) cells = cells.map((c) => ({ ...c, col: -c.col }));
  const minRow = Math.min(...cells.map((c) => c.row));
  const minCol = Math.min(...cells.map((c) => c.col));
  return cells
    .map((c) => ({ ...c, row: c.row - minRow, col: c.col - minCol }))
    .sort((a, b) => a.row - b.row || a.col - b.col);
}

/** The transform after turning the shape a quarter turn clockwise as the player sees it. */
export function rotated(t: number): number {
  return t < 4 ? (t + 1) % 4 : 4 + ((t - 4 + 3) % 4);
}

/** The transform after mirroring the shape left-right as the player sees it. */
export function mirrored(t: number): number {
  return t < 4 ? t + 4 : t - 4;
}

/** The square held under the pointer: the one nearest the shape's middle (the first in reading order on a tie). */
export function handleOf(shape: ShapeSquare[]): { row: number; col: number } {
  const height = Math.max(...shape.map((s) => s.row)) + 1;
  const width = Math.max(...shape.map((s) => s.col)) + 1;
  const mid = { row: (height - 1) / 2, col: (width - 1) / 2 };
  let best = shape[0];
  let bestDistance = Infinity;
  for (const s of shape) {
    const d = (s.row - mid.row) ** 2 + (s.col - mid.col) ** 2;
    if (d < bestDistance - 1e-9) {
      best = s;
      bestDistance = d;
    }
  }
  return { row: best.row, col: best.col };
}
