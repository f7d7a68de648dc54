// What the Lab's panels share: the games, the stored variants and the way from one panel to another.
import type { GameInfo } from "../api";
import { listVariants, type Job, type VariantSummary } from "./api";

/** A simulation's source: a game's shipped data or a stored variant. */
export type Source = { game: string } | { variant: number };

export class LabState {
  variants: VariantSummary[] = [];
  private readonly listeners: (() => void)[] = [];
  /** Set by the page: shows the Simulate panel with this source chosen. */
  simulate: (source: Source) => void = () => {};
  /** Set by the Simulate panel: lists and follows a job submitted elsewhere (a study on a variant's page). */
  jobAdded: (job: Job) => void = () => {};

  constructor(readonly games: GameInfo[]) {}

  game(id: string): GameInfo | undefined {
    return this.games.find((g) => g.id === id);
  }

  /** Calls `fn` whenever the variant list changes. */
  onVariants(fn: () => void) {
    this.listeners.push(fn);
  }

  async refreshVariants() {
    this.variants = await listVariants();
    for (const fn of this.listeners) fn();
  }
}

/** The server's message without the "cards.toml:24: " it starts with (the page names the place itself). */
export function withoutPlace(message: string, file: string | null, line: number | null): string {
  const place = `${file}:${line}: `;
  return file && line !== null && message.startsWith(place) ? message.slice(place.length) : message;
}
