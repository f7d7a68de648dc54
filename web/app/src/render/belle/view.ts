// Belle of the Ball's view as the engine sends it (docs/protocol.md, "Belle of the Ball";
// src/games/belle/view.cpp): the cards, cliques of units (a single guest or a couple with its gifts),
// the players and the rounds' scores.
export interface Effect {
  effect: string;
  text: string;
  [field: string]: unknown;
}

export interface BelleCard {
  id: number;
  name: string;
  type: "guest" | "belle";
  family?: string;
  symbols?: string[];
  points?: number;
  attracts?: string[];
  repels?: string[];
  attract_count?: number;
  invite_power?: Effect;
  end_of_round?: Effect;
  attracts_couple?: Effect;
}

export interface Gift {
  face_down: true;
  card?: BelleCard;
}

export interface Unit {
  unit: number;
  couple: boolean;
  top: BelleCard;
  bottom?: BelleCard;
  gifts?: Gift[];
}

export interface Player {
  seat: number;
  score: number;
  round_points_so_far: number;
  hand_count: number;
  belle: BelleCard | null;
  clique: Unit[];
}

export interface RoundScore {
  round: number;
  ended_by: string;
  points: number[];
}

export interface NamedCard {
  id: number;
  name: string;
}
