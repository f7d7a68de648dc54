// Persuasion's view as the engine sends it (both editions: src/games/persuasion-shared/), the parts the
// table reads: players, the suitability spreadsheet, letters or shared intentions, Matrimony, the
// symbols' legend, and the card objects.
export interface SignedSymbol {
  symbol: string;
  sign: number;
}
export interface TraitCardData {
  id: number;
  symbols: SignedSymbol[];
  mailed?: boolean;
}
export interface DesiresCardData {
  id: number;
  desires: SignedSymbol[];
  at_least: number;
}

export interface Player {
  seat: number;
  status: string;
  fiance?: number;
  traits?: number;
  choosing?: boolean;
  chosen?: boolean;
}

export interface SheetRow {
  seat: number;
  known: TraitCardData[];
  tally: Record<string, number>;
  seen_may_have_left?: TraitCardData[];
}

/** A letter (letterbox edition: `mail`) or a shared intention (character-card edition: `intentions`). */
export interface Letter {
  from: number;
  to: number;
  kind: "invitation" | "proposal";
  state: string;
  card?: TraitCardData;
  reply?: TraitCardData;
}

export interface MatrimonyRow {
  seat: number;
  desires: DesiresCardData;
  traits: TraitCardData[];
  dominant: SignedSymbol[];
  won: boolean;
}

export interface Legend {
  symbol: string;
  name: string;
}
