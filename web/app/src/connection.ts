// One table's WebSocket: connects as a seat (with its token) or as a spectator, reconnects after a
// dropped socket and asks for a fresh state ("sync"), so the page always shows the server's view.
import type { SaidMessage, ServerMessage, StateMessage, TalkHistoryMessage } from "./api";

export interface ConnectionHandlers {
  onState(state: StateMessage): void;
  /** A message said at the table, or the talk so far (after the first state of each connection). */
  onTalk(message: SaidMessage | TalkHistoryMessage): void;
  onError(message: string, code?: string): void;
  /** The server refused the connection itself (bad code or token): no reconnect. */
  onRefused(message: string): void;
  onLink(up: boolean): void;
}

export class TableConnection {
  private socket?: WebSocket;
  private closed = false;
  private retries = 0;
  private retryTimer?: number;
  private gotState = false;
  private lastError = "";
  // The log lines this connection has: `state` messages after moves carry only the most recent ones
  // (docs/protocol.md, "state"); `logStart` numbers the first of them.
  private log: string[] = [];
  private logStart = 0;
  private askedForLog = false;

  constructor(
    private readonly code: string,
    readonly token: string | null,
    private readonly handlers: ConnectionHandlers,
  ) {
    this.open();
  }

  private url(): string {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const params = new URLSearchParams({ table: this.code });
    if (this.token) params.set("token", this.token);
    return `${scheme}://${location.host}/ws?${params}`;
  }

  private open() {
    this.gotState = false;
    this.lastError = "";
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.onopen = () => {
      this.handlers.onLink(true);
      // The server sends a state on connect; asking again is harmless and covers a reconnect.
      if (this.retries > 0) this.send({ type: "sync" });
    };
    socket.onmessage = (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === "state") {
        this.gotState = true;
        this.retries = 0;
        this.handlers.onState(this.withKeptLog(message));
      } else if (message.type === "error") {
        this.lastError = message.message;
        this.handlers.onError(message.message, message.code);
      } else if (message.type === "said" || message.type === "talk_history") {
        this.handlers.onTalk(message);
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket || this.closed) return;
      this.handlers.onLink(false);
      // 1008: the server refused the table code or token (after an error message saying which).
      if (event.code === 1008 || (!this.gotState && this.lastError)) {
        this.closed = true;
        this.handlers.onRefused(this.lastError || "the server refused the connection");
        return;
      }
      const delay = Math.min(5000, 300 * 2 ** this.retries);
      this.retries++;
      this.retryTimer = window.setTimeout(() => this.open(), delay);
    };
  }

  /** The state with every log line this connection has received: the message's lines replace those from
   * their number on. A gap (lines missed, e.g. a state replaced by a newer one before it was sent) asks for
   * a state with the whole log. */
  private withKeptLog(message: StateMessage): StateMessage {
    const lines = message.view.log ?? [];
    const total = Number(message.view.log_total ?? lines.length);
    const first = total - lines.length;
    const end = this.logStart + this.log.length;
    if (first <= this.logStart) {
      this.log = lines.slice();
      this.logStart = first;
      this.askedForLog = false;
    } else if (first <= end) {
      this.log = this.log.slice(0, first - this.logStart).concat(lines);
    } else {
      this.log = lines.slice();
      this.logStart = first;
      if (!this.askedForLog) this.askedForLog = this.send({ type: "sync" });
    }
    return { ...message, view: { ...message.view, log: this.log, log_total: total } };
  }

  send(message: object): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  move(step: number, action: number): boolean {
    if (!this.token) return false;
    return this.send({ type: "move", token: this.token, step, action });
  }

  /** Says `text` to the table (`to` null) or privately to seat `to`. */
  say(to: number | null, text: string): boolean {
    if (!this.token) return false;
    return this.send({ type: "say", token: this.token, to, text });
  }

  /** A claim (docs/protocol.md, "Talk"): one of the game's kinds and a value. */
  claim(to: number | null, kind: string, value: number): boolean {
    if (!this.token) return false;
    return this.send({ type: "say", token: this.token, to, claim: { kind, value } });
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.socket?.close();
  }
}
