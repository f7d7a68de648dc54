// Intrigue's view as the engine sends it (src/games/intrigue/view.cpp): cards are objects with an id
// (the title's index; copies of a title are alike), characters go by letter, edges by name ("A-B").
import type { View } from "../../api";

export interface Card {
  id: number;
  title: string;
  type: "action" | "support" | "relationship";
  support: number;
  copies: number;
  effect?: string;
  trait?: string;
  support_without_trait?: number;
  relation?: "arrows" | "debt" | "blackmail";
  symmetric?: boolean;
  left?: number;
  right?: number;
  left_role?: string;
  right_role?: string;
  text?: string;
}

/** A card in a support stack; `card` and `value` only when the seat may know them. */
export interface StackEntry {
  played_by: number;
  face_up: boolean;
  card?: Card;
  value?: number;
}

export interface Token {
  token: string;
  value: number;
  holder: number | null;
}

export interface Character {
  letter: string;
  name: string;
  traits: string[];
  priority: number;
  votes: number;
  stack: StackEntry[];
  tokens: Token[];
}

/** An edge of the circle; with a card, `from` gets its left arrow (Debtor, Blackmailer, +1) and `to` the right. */
export interface Relationship {
  edge: string;
  card?: Card;
  arrows?: string;
  forward?: boolean;
  from?: string;
  to?: string;
}

export interface Player {
  seat: number;
  points: number;
  hand_count: number;
  favors_played: number;
  favors_in_hand: number;
}

export interface Reveal {
  stacks: { letter: string; cards: Card[]; total: number }[];
  winner: string;
}

export interface IntrigueView {
  round: number;
  rounds: number;
  turn: number;
  phase: "turn" | "discard" | "over";
  characters: Character[];
  relationships: Relationship[];
  unused_characters: string[];
  deck_count: number;
  discard_pile: Card[];
  players: Player[];
  favor_stack: { seat: number; letter?: string }[];
  hand?: Card[];
  favors_in_hand?: string[];
  last_reveal?: Reveal;
  monarch?: { letter: string; name: string };
}

export function intrigueView(view: View): IntrigueView {
  const v = view as unknown as Partial<IntrigueView>;
  return {
    round: Number(v.round ?? 1),
    rounds: Number(v.rounds ?? 1),
    turn: Number(v.turn ?? 0),
    phase: v.phase ?? "turn",
    characters: v.characters ?? [],
    relationships: v.relationships ?? [],
    unused_characters: v.unused_characters ?? [],
    deck_count: Number(v.deck_count ?? 0),
    discard_pile: v.discard_pile ?? [],
    players: v.players ?? [],
    favor_stack: v.favor_stack ?? [],
    hand: v.hand,
    favors_in_hand: v.favors_in_hand,
    last_reveal: v.last_reveal,
    monarch: v.monarch,
  };
}

/** The two letters an edge joins: "C-A" -> ["C", "A"]. */
export function edgeEnds(edge: string): [string, string] {
  const [a, b] = edge.split("-");
  return [a, b];
}

/** "+2", "-1", "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** What the card puts on the character its left (`from`) and right (`to`) arrow points at. */
export function arrowWords(card: Card): [string, string] {
  if (card.relation === "arrows") return [signed(card.left ?? 0), signed(card.right ?? 0)];
  return [card.left_role ?? "", card.right_role ?? ""];
}
