// The Gameshire view as the engine sends it (src/games/gameshire/view.cpp), and the move parts
// (docs/protocol.md, "Move parts", Gameshire).

/** A square of a card's shape: its place on the card and, for a plan, its symbol and result. */
export interface CardSquare {
  row: number;
  col: number;
  symbol?: string;
  value?: string;
}

export interface Resource {
  crop: string;
  cows: number;
  text: string;
}

/** One side of a season card: the plan (Spring) or the demand (Autumn). */
export interface Card {
  id: number;
  name: string;
  side: "plan" | "demand";
  shape: CardSquare[];
  picture: string;
  requires?: string;
  resource?: Resource | null;
}

export interface Gift {
  column: string;
  value: string | null;
  delivered: boolean;
}

export interface Skill {
  crop: string;
  name: string;
  effect: string;
}

export interface Pool {
  gifts: Gift[];
  skills: Skill[];
  boons: number;
  boons_earned: number;
  skill_track_used: number;
  next_skill_cost: number | string;
}

export interface Squares {
  rows: string[]; // eight rows (row 0 = the top border) of eight characters, columns L..R; "." blank
  crowns: string[];
  hammers: string[];
  shaded: string[];
  boon_lines: string[];
}

export interface Player {
  seat: number;
  map: string;
  passed: boolean;
  gifts_chosen: string;
  gift_columns?: string[];
  score?: number;
  own?: Pool;
  may?: string;
  squares: Squares;
}

export interface GameshireView {
  mode: string;
  season: string;
  step: string;
  active: number;
  market: Card[];
  current?: Card;
  shading_gift?: { seat: number; column: string; value: string };
  decks: { season_cards: number; resource_cards: number; season_discards: number; top_card?: Card };
  wrinkles: string[];
  team?: Pool;
  players: Player[];
  result?: string;
}

/** A map square named in a move's parts. */
export interface PartSquare {
  cell: string;
  row: number;
  col: number;
  value?: string;
}

export const kColumnLetters = "LABCDEFR";
export const kGrid = 8;

export function cellName(row: number, col: number): string {
  return `${kColumnLetters[col]}${row}`;
}

export function cellIndex(name: string): number {
  return Number(name.slice(1)) * kGrid + kColumnLetters.indexOf(name[0]);
}
