// The Lab's REST calls (/api/lab/, docs/protocol.md "The Lab") and their wire types. The Lab answers this
// machine as it is; from elsewhere it needs the server's --lab-token, kept here in localStorage and sent as
// "Authorization: Bearer TOKEN".
import { strToU8, zipSync } from "fflate";
import { ApiError, type OptionSpec, type TableSummary } from "../api";

export type Options = Record<string, string>;

/** A game's shipped data, where a variant starts (GET /api/lab/games/{game}). */
export interface ShippedData {
  game: string;
  name: string;
  files: Record<string, string>;
  /** Each file's lists of tables ([[card]] → "card"), the ones CSV export and import work on. */
  tables: Record<string, string[]>;
  options: OptionSpec[];
}

export interface VariantSummary {
  id: number;
  game: string;
  name: string;
  hash: string;
  created_ms: number;
}

export interface Variant extends VariantSummary {
  /** Every data file, changed or as shipped. */
  files: Record<string, string>;
  options: Options;
  data_dir: string;
  tables: Record<string, string[]>;
}

export type JobStatus = "queued" | "running" | "done" | "failed" | "cancelled";

/** What a job runs: `court sim` (the default), a design study (`court advise`) or a tuning run (`court tune`). */
export type JobKind = "sim" | "advise" | "tune";

export interface JobRequest {
  kind?: JobKind;
  game?: string;
  variant?: number;
  players?: number;
  seats?: string[];
  games?: number;
  seed?: number;
  options?: Options;
  sweep?: { option: string; values: string[] };
  ladder?: string[];
  /** advise: the baseline and strong bots, stronger ladder rungs. */
  baseline?: string;
  strong?: string;
  rungs?: string[];
  /** tune: what to vary, what to reach, the games to spend, the most settings tried. */
  knobs?: string[];
  targets?: string[];
  budget?: number;
  candidates?: number;
}

/** A stored job's request, every choice made explicit (and, for a variant, its name and data directory). */
export interface StoredRequest {
  kind?: JobKind;
  game: string;
  variant?: number;
  variant_name?: string;
  data_dir?: string;
  players: number;
  seats: string[];
  games: number;
  seed: number;
  options: Options;
  ladder: string[];
  sweep?: { option: string; values: string[] };
  baseline?: string;
  strong?: string;
  rungs?: string[];
  knobs?: string[];
  targets?: string[];
  budget?: number;
}

export interface Job {
  id: number;
  kind: JobKind;
  status: JobStatus;
  done: number;
  total: number;
  request: StoredRequest;
  command: string;
  mpi_command: string | null;
  error?: string;
  report?: Report | SweepReport | Advice | TuneRun;
  created_ms: number;
  /** A running study: what runs now, its batches done and expected. */
  step?: string;
  batches_done?: number;
  batches_total?: number;
}

/** The advice document (`court advise --json`, docs/report.md "The design advisor"): only what the Lab shows. */
export interface Finding {
  code: string;
  severity: "critical" | "major" | "minor" | "note";
  text: string;
  evidence: Record<string, unknown>;
  strength?: string;
  command: string;
}
export interface Advice {
  court_advice: number;
  title: string;
  players: number;
  games: number;
  seed: number;
  baseline: string;
  strong: string;
  findings: Finding[];
  checked: { check: string; result: string }[];
}

/** A tuning run (`court tune --json`) and the Lab's proposals: the Pareto front, the best first. */
export interface TargetFigure {
  target: string;
  value: number;
  ci95: [number, number];
  met: boolean;
  seat?: number;
}
export interface TuneCandidate {
  settings: Options;
  games: number;
  score?: number;
  targets?: TargetFigure[];
  refused?: string;
}
export interface Proposal {
  candidate: number;
  settings: string;
  command: string;
  variant: { game: string; name: string; files: Record<string, string>; options: Options };
}
export interface TuneRun {
  court_tune: number;
  budget: number;
  spent: number;
  targets: string[];
  candidates: TuneCandidate[];
  best: number;
  front: number[];
  proposals: Proposal[];
}

export const isAdvice = (r: unknown): r is Advice => typeof r === "object" && r !== null && "court_advice" in r;
export const isTuneRun = (r: unknown): r is TuneRun => typeof r === "object" && r !== null && "court_tune" in r;

// The report: the document `court sim --json` writes (src/sim/report.cpp). Only the fields the Lab shows.
export interface Rate {
  win_rate: number;
  ci95: [number, number];
  p_value: number;
}
export interface SeatFigure extends Rate {
  seat: number;
  bot?: string;
  wins?: number;
  games?: number;
  mean_score?: number;
}
export interface BotFigure extends Rate {
  bot: string;
  wins: number;
  seat_games: number;
  mean_score: number;
}
export interface CardFigure extends Rate {
  card: string;
  seat_games?: number;
  wins?: number;
  win_rate_without: number;
  significant: boolean;
}
export interface FirstPlayer extends Rate {
  fair_share: number;
  significant: boolean;
}
export interface Spread {
  count: number;
  mean: number;
  sd: number;
  mean_ci95: [number, number];
  min: number;
  max: number;
  p10: number;
  p50: number;
  p90: number;
  histogram: { from: number; to: number; count: number }[];
}
export interface GameStat {
  name: string;
  mean: number;
  sd: number;
  ci95: [number, number];
}
export interface LadderRung {
  bot: string;
  games: number;
  mean_length: number;
  first_player: FirstPlayer | null;
  seat_balance: { p_value: number; significant: boolean } | null;
  seats: SeatFigure[];
  cards: CardFigure[];
}
export interface LadderFlag {
  figure: string;
  change: string;
  from: string;
  to: string;
  text: string;
}
export interface Report {
  court_report: number;
  game: string;
  title: string;
  players: number;
  games: number;
  games_requested: number;
  seed: number;
  rotate: boolean;
  options: Options;
  data_dir?: string;
  cooperative: boolean;
  fair_share?: number;
  findings: string[];
  seats: SeatFigure[];
  bots: BotFigure[];
  first_player?: FirstPlayer | null;
  seat_balance?: { chi_square: number; df: number; p_value: number; significant: boolean } | null;
  length: Spread;
  mean_length: number;
  scores: Spread;
  margin?: Spread;
  game_stats: GameStat[];
  cards: CardFigure[];
  loss_causes?: Record<string, number>;
  head_to_head?: { bot: string; opponent: string; ahead_rate: number; ci95: [number, number]; pairs: number }[];
  ladder?: { rungs: LadderRung[]; flags: LadderFlag[] };
}
export interface SweepReport {
  court_sweep: number;
  variants: Report[];
}

export const isSweep = (r: NonNullable<Job["report"]>): r is SweepReport => "court_sweep" in r;

export interface Difference {
  what: string;
  a: number;
  b: number;
  p_value: number;
  significant: boolean;
}
export interface Comparison {
  a: Options;
  b: Options;
  /** Each side's data directory (null: the shipped data) and the data files whose text differs. */
  data: { a: string | null; b: string | null; differ_in: string[] };
  differences: Difference[];
}

/**
 * A refusal with the server's code and, for a variant (bad_variant, bad_csv), where the problem is:
 * `file` a data file or null for an option, `line` or null, `field` the field or option.
 */
export class LabError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly code: string,
    readonly file: string | null = null,
    readonly line: number | null = null,
    readonly field: string | null = null,
    /** For a CSV import, the CSV row of the problem (1 is the header row). */
    readonly row: number | null = null,
  ) {
    super(status, message);
  }
}

const kTokenKey = "court.lab.token";
export const loadLabToken = () => localStorage.getItem(kTokenKey) ?? "";
export function saveLabToken(token: string) {
  if (token) localStorage.setItem(kTokenKey, token);
  else localStorage.removeItem(kTokenKey);
}

function headers(json: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const token = loadLabToken();
  if (token) out.Authorization = `Bearer ${token}`;
  if (json) out["Content-Type"] = "application/json";
  return out;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: headers(body !== undefined),
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const answer = await response.text();
  let data: Record<string, unknown> | null = null;
  try {
    data = answer ? JSON.parse(answer) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const d = data ?? {};
    throw new LabError(
      response.status,
      typeof d.error === "string" ? d.error : answer || `${method} ${path}: HTTP ${response.status}`,
      typeof d.code === "string" ? d.code : "",
      typeof d.file === "string" ? d.file : null,
      typeof d.line === "number" ? d.line : null,
      typeof d.field === "string" ? d.field : null,
      typeof d.row === "number" ? d.row : null,
    );
  }
  return data as T;
}

const v = (id: number) => `/api/lab/variants/${id}`;
const enc = encodeURIComponent;

export const shippedData = (game: string) => call<ShippedData>("GET", `/api/lab/games/${enc(game)}`);
export const listVariants = () => call<VariantSummary[]>("GET", "/api/lab/variants");
export const getVariant = (id: number) => call<Variant>("GET", v(id));
export const createVariant = (game: string, name: string, files: Record<string, string>, options: Options) =>
  call<Variant>("POST", "/api/lab/variants", { game, name, files, options });
export const updateVariant = (id: number, change: { name?: string; files?: Record<string, string>; options?: Options }) =>
  call<Variant>("PUT", v(id), change);
export const duplicateVariant = (id: number, name?: string) =>
  call<Variant>("POST", `${v(id)}/duplicate`, name ? { name } : {});
export const deleteVariant = (id: number) => call<{ deleted: number }>("DELETE", v(id));

export const variantFileUrl = (id: number, file: string) => `${v(id)}/files/${enc(file)}`;
export const csvUrl = (id: number, file: string, table: string) => `${v(id)}/csv/${enc(file)}?table=${enc(table)}`;
export const importCsv = (id: number, file: string, table: string, csv: string) =>
  call<Variant>("POST", csvUrl(id, file, table), { csv });

export const submitJob = (request: JobRequest) => call<Job>("POST", "/api/lab/jobs", request);
export const listJobs = () => call<Job[]>("GET", "/api/lab/jobs");
export const getJob = (id: number) => call<Job>("GET", `/api/lab/jobs/${id}`);
export const cancelJob = (id: number) => call<{ id: number; status: JobStatus }>("DELETE", `/api/lab/jobs/${id}`);
export const reportUrl = (id: number, kind: "json" | "csv" | "html") => `/api/lab/jobs/${id}/report.${kind}`;

/** A variant body (a tuning proposal's) stored as a new variant. */
export const saveVariantBody = (body: Proposal["variant"]) => call<Variant>("POST", "/api/lab/variants", body);

export const compareJobs = (a: number, b: number) => call<Comparison>("GET", `/api/lab/compare?a=${a}&b=${b}`);

/** A table of a variant (POST /api/tables with "variant" instead of "game"); the rest as in the lobby. */
export const createVariantTable = (variant: number, seats: string[]) =>
  call<TableSummary>("POST", "/api/tables", { variant, seats });

/** Saves `blob` under `name` in the browser's downloads. */
function save(blob: Blob, name: string) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * A variant's data files as one .zip holding a folder named after the variant: unzipped, the folder is
 * what `court sim --data` and `court play --data` read.
 */
export function downloadVariantZip(variant: Pick<Variant, "name" | "files">) {
  const folder = variant.name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|-+$/g, "") || "variant";
  const entries: Record<string, Uint8Array> = {};
  for (const [file, text] of Object.entries(variant.files)) entries[`${folder}/${file}`] = strToU8(text);
  const zipped = zipSync(entries, { level: 6 });
  save(new Blob([zipped as Uint8Array<ArrayBuffer>], { type: "application/zip" }), `${folder}.zip`);
}

/**
 * Fetches a Lab file with the token and saves it under `name` (a plain link cannot send the header; on this
 * machine, without a token, the link itself downloads).
 */
export async function download(url: string, name: string) {
  const response = await fetch(url, { headers: headers(false) });
  if (!response.ok) throw new LabError(response.status, `${name}: HTTP ${response.status}`, "");
  save(await response.blob(), name);
}
