// Finding legal moves by their parts: the one question a table asks ("which legal move is this
// gesture?") and the one it asks before ("what may this piece go onto?").
import type { LegalAction, MoveParts } from "../api";

/** The parts' fields that `want` names all have the values `want` gives. */
export function partsMatch(parts: MoveParts, want: Partial<MoveParts>): boolean {
  return Object.entries(want).every(([k, v]) => JSON.stringify(parts[k]) === JSON.stringify(v));
}

/** The legal moves whose parts match `want` (e.g. {kind: "invite", card: 12}). */
export function movesWhere(legal: LegalAction[], want: Partial<MoveParts>): LegalAction[] {
  return legal.filter((m) => partsMatch(m.parts, want));
}

/** The legal move whose parts match `want`, when exactly one does. */
export function moveWhere(legal: LegalAction[], want: Partial<MoveParts>): LegalAction | undefined {
  const found = movesWhere(legal, want);
  return found.length === 1 ? found[0] : undefined;
}

/** The legal moves of any of these kinds. */
export function movesOfKind(legal: LegalAction[], ...kinds: string[]): LegalAction[] {
  return legal.filter((m) => kinds.includes(m.parts.kind));
}

/** The distinct values of one field among these moves, in first-seen order. */
export function fieldValues<T = unknown>(moves: LegalAction[], field: string): T[] {
  const seen = new Map<string, T>();
  for (const m of moves) if (field in m.parts) seen.set(JSON.stringify(m.parts[field]), m.parts[field] as T);
  return [...seen.values()];
}
