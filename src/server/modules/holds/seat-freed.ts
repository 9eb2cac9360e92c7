import type { AppDeps } from "../../app-deps.js";
import type { BookingKind } from "../../db/schema.js";

type SeatFreedListener = (deps: AppDeps, kind: BookingKind, targetId: string) => Promise<void>;

let listener: SeatFreedListener | undefined;

/**
 * Who hears that a released or replaced hold freed a seat students wait for: the waiting line, which
 * `modules/index.ts` registers. Holds never import the line that imports them
 * (docs/decisions/0430-modules-meet-at-the-front-door.md).
 */
export function onSeatFreed(next: SeatFreedListener): void {
  listener = next;
}

/** Tells the waiting line a seat is free, after the hold's own commit. */
export async function seatFreed(deps: AppDeps, kind: BookingKind, targetId: string): Promise<void> {
  await listener?.(deps, kind, targetId);
}
