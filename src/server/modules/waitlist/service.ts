import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { MESSAGES, PROGRAMME_MESSAGES, WAITLIST_MESSAGES } from "../../../shared/messages.js";
import type { HoldDto } from "../../../shared/schemas/booking.js";
import type { PageQuery } from "../../../shared/schemas/pagination.js";
import type {
  AdminWaitlistDto,
  AdminWaitlistsPageDto,
  JoinWaitlistInput,
  WaitlistEntryDto,
} from "../../../shared/schemas/waitlist.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeCursor, encodeCursor } from "../../db/keyset-cursor.js";
import { hasSeatOrLiveCheckout } from "../bookings/index.js";
import { findHoldOfKind, findTargetForUpdate, hasLiveHold, replaceHoldOfKind } from "../holds/index.js";
import { needsApplication } from "../programme/service.js";
import { countSeatsTaken } from "../seats/index.js";
import { announceLineChanges, type LineChange, offerFreedSeats, seatsEventFor } from "./offers.js";
import {
  countLiveByTarget,
  countWaitingAhead,
  deleteEntry,
  findEntryById,
  findLiveEntriesOfUser,
  findLiveEntriesPage,
  findLiveEntryOfUser,
  insertWaitlistEntry,
  lockEntryById,
  setEntryStatus,
} from "./repository.js";

/**
 * Joins the line of a full slot, workshop session or internship (docs/product.md, Waitlist). Under
 * the target's lock: it must be open, really full (a free seat is to be booked, not waited for),
 * and the student must not already have a seat, a hold or a place there.
 */
export async function joinWaitlist(deps: AppDeps, userId: string, input: JoinWaitlistInput, now = new Date()) {
  // A seat in an internship batch is for a student who applied to it, offered or not (docs/decisions/0340).
  if (input.kind === "internship" && (await needsApplication(deps, userId, input.targetId))) {
    throw new AppError("CONFLICT", PROGRAMME_MESSAGES.applicationBeforeWaitlist);
  }
  const nowIso = now.toISOString();
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    const target = await findTargetForUpdate(trx, deps.dialect, input.kind, input.targetId, now, deps.config.timeZone);
    if (!target?.open) throw new AppError("NOT_FOUND", WAITLIST_MESSAGES.notOpen);
    const packageKey = input.kind === "mock" ? (input.packageKey ?? target.packageKeys[0]) : target.packageKeys[0];
    if (!packageKey || !target.packageKeys.includes(packageKey)) {
      throw new AppError("VALIDATION", WAITLIST_MESSAGES.notForPlan, { field: "packageKey" });
    }
    if (await findLiveEntryOfUser(trx, userId, target.id))
      throw new AppError("CONFLICT", WAITLIST_MESSAGES.alreadyInLine);
    const own = await hasSeatOrLiveCheckout(trx, userId, target.id, nowIso);
    const held = await hasLiveHold(trx, userId, target.id, nowIso);
    if (own || held) throw new AppError("CONFLICT", MESSAGES.alreadyBooked);
    const taken = (await countSeatsTaken(trx, [target.id], nowIso)).get(target.id) ?? 0;
    if (taken < target.capacity) throw new AppError("CONFLICT", WAITLIST_MESSAGES.seatsOpen);
    await insertWaitlistEntry(trx, {
      id,
      user_id: userId,
      kind: input.kind,
      target_id: target.id,
      package_key: packageKey,
      status: "waiting",
      offer_expires_at: null,
      offered_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    });
  });
  await deps.bus.publish(seatsEventFor(input.kind, input.targetId));
  await deps.bus.publish({ topic: "user", userId, kind: "booking" });
  const entry = (await listMyWaitlist(deps, userId)).find((e) => e.id === id);
  if (!entry) throw new AppError("NOT_FOUND", WAITLIST_MESSAGES.notOpen);
  return entry;
}

type LiveRow = Awaited<ReturnType<typeof findLiveEntriesPage>>[number];

function describeTarget(row: LiveRow) {
  if (row.kind === "mock") {
    return {
      title: `Mock interview with ${row.interviewer_name ?? ""}`,
      startAt: row.slot_start ?? "",
      capacity: row.slot_capacity ?? 0,
    };
  }
  if (row.kind === "workshop") {
    return { title: row.workshop_title ?? "", startAt: row.workshop_start ?? "", capacity: row.workshop_capacity ?? 0 };
  }
  return {
    title: row.internship_title ?? "",
    startAt: row.internship_start ? `${row.internship_start}T00:00:00.000Z` : "",
    capacity: row.internship_capacity ?? 0,
  };
}

/** The student's places in line, each with their place (1 = next to be offered) or their offer. */
export async function listMyWaitlist(deps: AppDeps, userId: string): Promise<WaitlistEntryDto[]> {
  const rows = await findLiveEntriesOfUser(deps.db, userId);
  const ahead = await countWaitingAhead(deps.db, rows);
  return rows.map((row) => {
    const { title, startAt } = describeTarget(row);
    const offered = row.status === "offered";
    return {
      id: row.id,
      kind: row.kind,
      targetId: row.target_id,
      packageKey: row.package_key,
      title,
      startAt,
      status: offered ? "offered" : "waiting",
      position: offered ? 0 : (ahead.get(row.id) ?? 0) + 1,
      offerExpiresAt: offered ? row.offer_expires_at : null,
      createdAt: row.created_at,
    };
  });
}

const positionSchema = z.tuple([z.string().max(40), z.string().max(64), z.string().max(40), z.string().max(64)]);

/**
 * A page of the lines with someone in them, soonest session first, each in line order, and where
 * the next page starts (docs/decisions/0425-waitlists-paged-by-session-start.md).
 */
export async function listWaitlistsForAdmin(deps: AppDeps, query: PageQuery): Promise<AdminWaitlistsPageDto> {
  const position = query.cursor ? decodeCursor(query.cursor, positionSchema) : undefined;
  const rows = await findLiveEntriesPage(deps.db, {
    after: position && { sessionStart: position[0], targetId: position[1], createdAt: position[2], id: position[3] },
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const ahead = await countWaitingAhead(deps.db, page);
  const inLine = await countLiveByTarget(deps.db, [...new Set(page.map((row) => row.target_id))]);
  const lines = new Map<string, AdminWaitlistDto>();
  for (const row of page) {
    const { title, startAt, capacity } = describeTarget(row);
    const line = lines.get(row.target_id) ?? {
      kind: row.kind,
      targetId: row.target_id,
      title,
      startAt,
      capacity,
      inLine: inLine.get(row.target_id) ?? 0,
      entries: [],
    };
    lines.set(row.target_id, line);
    const offered = row.status === "offered";
    line.entries.push({
      id: row.id,
      position: offered ? 0 : (ahead.get(row.id) ?? 0) + 1,
      name: row.user_name,
      email: row.user_email,
      status: offered ? "offered" : "waiting",
      offerExpiresAt: offered ? row.offer_expires_at : null,
      joinedAt: row.created_at,
    });
  }
  const last = page.at(-1);
  return {
    waitlists: [...lines.values()],
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor([last.session_start ?? "", last.target_id, last.created_at, last.id])
        : null,
  };
}

async function lockOwnEntry(deps: AppDeps, trx: Parameters<typeof offerFreedSeats>[1], userId: string, id: string) {
  const entry = await findEntryById(trx, id);
  if (!entry || entry.user_id !== userId) throw new AppError("NOT_FOUND", WAITLIST_MESSAGES.entryNotFound);
  // The target first, then the entry: the order every seat change locks in.
  await findTargetForUpdate(trx, deps.dialect, entry.kind, entry.target_id, new Date(), deps.config.timeZone);
  const locked = await lockEntryById(trx, deps.dialect, id);
  if (!locked) throw new AppError("NOT_FOUND", WAITLIST_MESSAGES.entryNotFound);
  return locked;
}

/** Leaves a line; an offered seat the student gives up goes to the next in line at once. */
export async function leaveWaitlist(deps: AppDeps, userId: string, id: string): Promise<void> {
  const change = await deps.db.transaction().execute(async (trx): Promise<LineChange | undefined> => {
    const entry = await lockOwnEntry(deps, trx, userId, id);
    if (entry.status !== "waiting" && entry.status !== "offered") return undefined;
    await deleteEntry(trx, id);
    const next = await offerFreedSeats(deps, trx, entry.kind, entry.target_id);
    return { ...next, userIds: [...next.userIds, userId] };
  });
  if (change) await announceLineChanges(deps, [change]);
}

/**
 * Takes up an offer: the held seat becomes the student's hold (until the offer's own end), ready
 * for 'Proceed to Payment'. Like choosing a seat, it replaces the student's other hold of the kind.
 */
export async function acceptOffer(deps: AppDeps, userId: string, id: string, now = new Date()): Promise<HoldDto> {
  const nowIso = now.toISOString();
  // A student who joined a batch's line before applying applies now; the seat stays held meanwhile.
  const offered = await findEntryById(deps.db, id);
  if (
    offered?.user_id === userId &&
    offered.kind === "internship" &&
    (await needsApplication(deps, userId, offered.target_id))
  ) {
    throw new AppError("CONFLICT", PROGRAMME_MESSAGES.applicationBeforeOffer);
  }
  const result = await deps.db.transaction().execute(async (trx) => {
    const entry = await lockOwnEntry(deps, trx, userId, id);
    if (entry.status !== "offered" || !entry.offer_expires_at || entry.offer_expires_at <= nowIso) {
      throw new AppError("HOLD_EXPIRED", WAITLIST_MESSAGES.offerGone);
    }
    const previous = await findHoldOfKind(trx, userId, entry.kind);
    const hold = {
      id: randomUUID(),
      user_id: userId,
      kind: entry.kind,
      target_id: entry.target_id,
      package_key: entry.package_key,
      expires_at: entry.offer_expires_at,
      created_at: nowIso,
    };
    await replaceHoldOfKind(trx, hold);
    await setEntryStatus(trx, entry.id, "accepted", nowIso);
    return { hold, released: previous && previous.target_id !== entry.target_id ? previous.target_id : undefined };
  });
  const { hold } = result;
  await deps.bus.publish({ topic: "user", userId, kind: "booking" });
  if (result.released) {
    // The hold it replaced freed a seat elsewhere: that line's turn (in a transaction of its own,
    // so two targets are never locked at once).
    const change = await deps.db
      .transaction()
      .execute((trx) => offerFreedSeats(deps, trx, hold.kind, result.released as string));
    await announceLineChanges(deps, [change]);
    await deps.bus.publish(seatsEventFor(hold.kind, result.released));
  }
  return {
    id: hold.id,
    kind: hold.kind,
    targetId: hold.target_id,
    packageKey: hold.package_key,
    expiresAt: hold.expires_at,
  };
}
