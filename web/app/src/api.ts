// The lobby's REST calls and the wire types of docs/protocol.md.

export interface OptionSpec {
  name: string;
  type: "int" | "bool" | "choice" | "text";
  default: string;
  help: string;
  min?: number;
  max?: number;
  choices?: string[];
}

export interface GameInfo {
  id: string;
  title: string;
  summary: string;
  min_seats: number;
  max_seats: number;
  cooperative: boolean;
  options: OptionSpec[];
  bots: string[];
  /** The bots offered people by name, levels first (docs/protocol.md, "Games"). */
  offered_bots?: OfferedBot[];
  /** The offered bot that fills a seat nobody chose ("normal"). */
  default_bot?: string;
}

export interface OfferedBot {
  name: string;
  title: string;
  line: string;
  level: "easy" | "normal" | "strong";
  spec: string;
  /** Its rating (`court rate`: Elo-like, normal = 1500), absent when unrated; the 95% interval; the seats it was rated at. */
  rating?: number;
  rating_interval?: [number, number];
  rating_players?: number;
  /** The rating as people read it: "1500 ± 20". */
  rating_text?: string;
}

export interface SeatInfo {
  seat: number;
  kind: "human" | "bot";
  bot?: string;
  taken: boolean;
  name?: string;
}

export interface SeatResult {
  seat: number;
  win: boolean;
  score: number;
  rank: number;
}

export interface Outcome {
  seats: SeatResult[];
  team_win?: boolean;
  loss_cause?: string | null;
}

export type TableStatus = "waiting" | "playing" | "finished";

export interface TableSummary {
  code: string;
  game: string;
  title: string;
  players: number;
  options: Record<string, string>;
  /** Whether the table has talk (its creator may turn it off). */
  talk: boolean;
  status: TableStatus;
  steps: number;
  seats: SeatInfo[];
  outcome?: Outcome;
}

export interface JoinAnswer {
  seat: number;
  token: string;
  code: string;
}

/** What a move involves (docs/protocol.md, "Move parts"): a kind and the ids of the things it names. */
export interface MoveParts {
  kind: string;
  [field: string]: unknown;
}

export interface LegalAction {
  action: number;
  label: string;
  parts: MoveParts;
}

/** The engine's view of one seat; every game adds its own fields to these. */
export interface View {
  viewer?: number | string;
  to_act?: number[];
  terminal?: boolean;
  log?: string[];
  [field: string]: unknown;
}

export interface StateMessage {
  type: "state";
  step: number;
  seat: number | "spectator";
  status: TableStatus;
  view: View;
  legal: LegalAction[];
  waiting_for: number[];
  seats: SeatInfo[];
  talk: TalkState;
  outcome?: Outcome;
}

/** Where this seat may write now (docs/protocol.md, "Talk"); the server decides, from the game's rule. */
export interface TalkState {
  /** The table has talk at all. */
  on: boolean;
  /** This seat may write to the whole table now. */
  table: boolean;
  /** The seats it may write text to privately now (people). */
  seats: number[];
  /** The seats it may send a claim to privately now (people and bots: bots hear claims). */
  claim_seats?: number[];
  /** The game's claims, in its words (none: free text only). */
  claims?: ClaimKind[];
  /** The game's rule of conversation in one sentence. */
  rule: string;
}

/** One kind of claim (docs/protocol.md, "Talk"): its name, its words ("{}" is the value), its values' words (null: a seat). */
export interface ClaimKind {
  kind: string;
  words: string;
  values: string[] | null;
}

/** A claim as the server sends it with its words. */
export interface SaidClaim {
  kind: string;
  value: number;
}

/**
 * One message as this connection may read it: `to` null is the whole table; a private message another
 * connection wrote has `whisper` and no `text` (who wrote to whom, never what).
 */
export interface TalkMessage {
  id: number;
  from: number;
  to: number | null;
  text?: string;
  /** A claim's kind and value (its words are the text). */
  claim?: SaidClaim;
  whisper?: boolean;
  step: number;
}

export interface SaidMessage extends TalkMessage {
  type: "said";
}

export interface TalkHistoryMessage {
  type: "talk_history";
  messages: TalkMessage[];
}

export interface ErrorMessage {
  type: "error";
  code?: string;
  message: string;
}

export type ServerMessage = StateMessage | ErrorMessage | SaidMessage | TalkHistoryMessage;

export interface ReplayStep {
  step: number;
  steps: number;
  view: View;
  /** The K-th move (absent at step 0). */
  move?: { seat: number; label: string };
}

/** An HTTP answer that was not 2xx, with the server's own words. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json" };
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message =
      data && typeof data === "object" && "error" in data ? String((data as { error: unknown }).error) : text;
    throw new ApiError(response.status, message || `${method} ${path}: HTTP ${response.status}`);
  }
  return data as T;
}

export const listGames = () => call<GameInfo[]>("GET", "/api/games");
export const listTables = () => call<TableSummary[]>("GET", "/api/tables");
export const getTable = (code: string) => call<TableSummary>("GET", `/api/tables/${encodeURIComponent(code)}`);

export interface NewTable {
  game: string;
  players: number;
  options: Record<string, string>;
  seats: string[];
  seed?: number;
  /** false turns the table's talk off (the server's default is on). */
  talk?: boolean;
}
export const createTable = (t: NewTable) => call<TableSummary>("POST", "/api/tables", t);

export const joinTable = (code: string, name: string, seat?: number) =>
  call<JoinAnswer>("POST", `/api/tables/${encodeURIComponent(code)}/join`, seat === undefined ? { name } : { seat, name });

/** One page of a table's public talk: the messages after id `after` (docs/protocol.md, the talk route). */
interface TalkPage {
  messages: TalkMessage[];
  more: boolean;
  next_after: number | null;
}

/** The table's public talk (no private messages, no whisper marks), for the replay viewer, read page by page. */
export async function tableTalk(code: string): Promise<{ messages: TalkMessage[] }> {
  const messages: TalkMessage[] = [];
  for (let after = 0; ; ) {
    const page = await call<TalkPage>("GET", `/api/tables/${encodeURIComponent(code)}/talk?after=${after}`);
    messages.push(...page.messages);
    if (!page.more || page.next_after === null) return { messages };
    after = page.next_after;
  }
}

export const replayUrl = (code: string) => `/api/tables/${encodeURIComponent(code)}/replay`;

export const replayView = (code: string, step: number, seat: number | "spectator") =>
  call<ReplayStep>(
    "GET",
    `/api/tables/${encodeURIComponent(code)}/replay/view?step=${step}&seat=${encodeURIComponent(String(seat))}`,
  );

/** The seat token for a table, kept so that a reload resumes the seat (key from docs/protocol.md). */
export const tokenKey = (code: string) => `court.token.${code}`;
export const loadToken = (code: string) => localStorage.getItem(tokenKey(code));
export const saveToken = (code: string, token: string) => localStorage.setItem(tokenKey(code), token);
export const forgetToken = (code: string) => localStorage.removeItem(tokenKey(code));

export const loadName = () => localStorage.getItem("court.name") ?? "";
export const saveName = (name: string) => localStorage.setItem("court.name", name);

/**
 * After creating a table: joins its first seat for a person (if any) under `name`, keeps the seat's
 * token in this browser, and opens the table's page (the lobby and the Lab's "Play at a table").
 */
export async function openNewTable(code: string, seats: string[], name: string): Promise<void> {
  const first = seats.indexOf("human");
  if (first >= 0) {
    const joined = await joinTable(code, name, first);
    saveToken(code, joined.token);
  }
  location.hash = `#/table/${code}`;
}
