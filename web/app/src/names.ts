// How seats are named on the page: the person's name or the bot, with the seat number.
import type { SeatInfo } from "./api";

export function seatLabel(seats: SeatInfo[] | undefined, seat: number): string {
  const info = seats?.find((s) => s.seat === seat);
  if (!info) return `Seat ${seat}`;
  if (info.kind === "bot") return `Seat ${seat} · ${info.bot ?? "bot"} bot`;
  if (info.taken) return `Seat ${seat} · ${info.name || "someone"}`;
  return `Seat ${seat} · free`;
}

