import { randomUUID } from "node:crypto";
import { CATALOG_KEYS, type CatalogKey, HOLD_MINUTES } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { MESSAGES, PAYMENT_MESSAGES } from "../../../shared/messages.js";
import type { HoldDto, TakeHoldInput } from "../../../shared/schemas/booking.js";
import type { AppDeps } from "../../app.js";
import type { BookingKind } from "../../db/schema.js";
import { findCatalogItem } from "../catalog/repository.js";
import type { LiveEvent } from "../events/bus.js";
import { countSeatsTaken } from "../seats/repository.js";
import { deleteHold, deleteHoldByUserAndKind, findLiveBookingOfUser, insertHold } from "./repository.js";
import { findTargetForUpdate } from "./targets.js";

export const liveEventFor = (kind: BookingKind, targetId: string): LiveEvent =>
  kind === "mock"
    ? { topic: "slots", slotId: targetId }
    : kind === "workshop"
      ? { topic: "workshops", workshopId: targetId }
      : { topic: "internships" };

/** Postgres unique violation / SQLite constraint failure: a concurrent request won the row. */
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === "23505" || String((err as Error).message).includes("UNIQUE constraint failed");

/**
 * Takes one seat for 10 minutes (docs/product.md, Holds). Inside one transaction: lock the target, release
 * the user's previous hold of this kind, count seats (paid + pending + held) and insert the hold.
 * On PostgreSQL the row lock serializes requests for one target; on SQLite the write transaction
 * is exclusive. Either way N requests for the last seat give exactly one hold.
 */
export async function takeHold(
  deps: AppDeps,
  userId: string,
  input: TakeHoldInput,
  now = new Date(),
): Promise<HoldDto> {
  const nowIso = now.toISOString();
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  let released: string | undefined;
  const hold = await deps.db
    .transaction()
    .execute(async (trx) => {
      const target = await findTargetForUpdate(
        trx,
        deps.dialect,
        input.kind,
        input.targetId,
        now,
        deps.config.timeZone,
      );
      if (!target?.open) throw new AppError("NOT_FOUND", MESSAGES.reserveFailed);
      const packageKey = resolvePackageKey(target.packageKeys, input);
      const catalog = await findCatalogItem(trx, packageKey);
      if (!catalog.available) throw new AppError("NOT_AVAILABLE", MESSAGES.packageNotAvailable);

      released = await deleteHoldByUserAndKind(trx, userId, input.kind);
      const own = await findLiveBookingOfUser(trx, userId, target.id, nowIso);
      if (own) {
        const message = own.status === "pending_payment" ? MESSAGES.paymentInProgress : MESSAGES.alreadyBooked;
        throw new AppError("CONFLICT", message);
      }
      const taken = (await countSeatsTaken(trx, [target.id], nowIso)).get(target.id) ?? 0;
      if (taken >= target.capacity) throw new AppError("SLOT_HELD", MESSAGES.slotHeld);

      const row = {
        id: randomUUID(),
        user_id: userId,
        kind: input.kind,
        target_id: target.id,
        package_key: packageKey,
        expires_at: expiresAt,
        created_at: nowIso,
      };
      await insertHold(trx, row);
      return row;
    })
    .catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      if (isUniqueViolation(err)) throw new AppError("CONFLICT", MESSAGES.reserveFailed);
      throw err;
    });

  await deps.bus.publish(liveEventFor(input.kind, input.targetId));
  if (released && released !== input.targetId) await deps.bus.publish(liveEventFor(input.kind, released));
  return {
    id: hold.id,
    kind: hold.kind,
    targetId: hold.target_id,
    packageKey: hold.package_key,
    expiresAt: hold.expires_at,
  };
}

function resolvePackageKey(allowed: CatalogKey[], input: TakeHoldInput): CatalogKey {
  if (input.kind !== "mock") {
    const [only] = allowed;
    if (!only) throw new AppError("NOT_FOUND", MESSAGES.reserveFailed);
    return only;
  }
  const wanted = input.packageKey ?? allowed[0];
  if (!wanted || !allowed.includes(wanted) || !CATALOG_KEYS.includes(wanted)) {
    throw new AppError("VALIDATION", PAYMENT_MESSAGES.slotNotForPlan, { field: "packageKey" });
  }
  return wanted;
}

/** Releases the user's own hold (leaving the page, choosing again, or cancelling). Idempotent. */
export async function releaseHold(deps: AppDeps, userId: string, holdId: string): Promise<void> {
  const removed = await deleteHold(deps.db, holdId, userId);
  if (removed) await deps.bus.publish(liveEventFor(removed.kind, removed.target_id));
}
