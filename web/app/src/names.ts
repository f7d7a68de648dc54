// How seats are named on the page: the person's name or the bot, with the seat number.
import type { SeatInfo } from "./api";

export function seatLabel(seats: SeatInfo[] | undefined, seat: number): string {
  const info = seats?.find((s) => s.seat === seat);
  if (!info) return `Seat ${seat}`;
  if (info.kind === "bot") return `Seat ${seat} · ${info.bot ?? "bot"} bot`;
  if (info.taken) return `Seat ${seat} · ${info.name || "someone"}`;
  return `Seat ${seat} · free`;
}

/** A seat's short name: the person's name, or "Seat N" for a bot or a free seat. */
export function seatName(s: SeatInfo): string {
  if (s.kind === "bot") return `Seat ${s.seat}`;
  return s.taken ? `${s.name || "someone"}` : `Seat ${s.seat}`;
}

/** The short name of seat `seat` (see seatName). */
export function seatNameOf(seats: SeatInfo[] | undefined, seat: number): string {
  const info = seats?.find((s) => s.seat === seat);
  return info ? seatName(info) : `Seat ${seat}`;
}
