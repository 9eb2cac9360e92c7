import type { Transaction } from "kysely";
import { z } from "zod";
import { HOLD_MINUTES } from "../../../shared/constants.js";
import { formatDayLabel, formatInstant, zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { BookingKind, Database } from "../../db/schema.js";
import type { LiveEvent } from "../../infrastructure/events/bus.js";
import { enqueueJob, type JobOutcome } from "../../infrastructure/jobs/queue.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import { type BookableTarget, findTargetForUpdate } from "../holds/index.js";
import { addNotification, announceNotification } from "../notifications/service.js";
import { sendPhoneAlert } from "../phone-alerts/service.js";
import { findUserContact } from "../profile/index.js";
import { countSeatsTaken } from "../seats/index.js";
import {
  findEntryById,
  findFirstWaiting,
  findTargetsWithLines,
  lapseExpiredOffers,
  markOffered,
} from "./repository.js";

export const WAITLIST_OFFER_JOB = "waitlist-offer";

/** The live topic of a target's seats (the same events holds publish). */
export const seatsEventFor = (kind: BookingKind, targetId: string): LiveEvent =>
  kind === "mock"
    ? { topic: "slots", slotId: targetId }
    : kind === "workshop"
      ? { topic: "workshops", workshopId: targetId }
      : { topic: "internships" };

/** Where an offer's e-mail and notification lead: the booking page, with the seat held, ready to pay. */
export const offerLink = (entryId: string) => `/onboarding?offer=${encodeURIComponent(entryId)}`;

/** What changed in a line, announced after the transaction commits. */
export interface LineChange {
  kind: BookingKind;
  targetId: string;
  /** Students whose place or offer changed (offered, lapsed, moved up). */
  userIds: string[];
}

/**
 * Offers every free seat of a target to the first students in its line (docs/product.md,
 * Waitlist), inside the caller's transaction: the target row is locked first (as every seat
 * change does), offers that ran out are lapsed, and seats free = capacity − (paid + paying + held
 * + live offers). Each offer holds its seat for HOLD_MINUTES, and gets a notification now and an
 * e-mail from a job queued in this transaction. Two processes offering for one target queue on
 * the lock and the second counts the first's offers, so a freed seat is offered exactly once.
 */
export async function offerFreedSeats(
  deps: AppDeps,
  trx: Transaction<Database>,
  kind: BookingKind,
  targetId: string,
  now = new Date(),
): Promise<LineChange> {
  const change: LineChange = { kind, targetId, userIds: [] };
  const target = await findTargetForUpdate(trx, deps.dialect, kind, targetId, now, deps.config.timeZone);
  if (!target) return change;
  const nowIso = now.toISOString();
  const lapsed = await lapseExpiredOffers(trx, targetId, nowIso);
  change.userIds.push(...lapsed.map((e) => e.user_id));
  if (!target.open) return change;
  const taken = (await countSeatsTaken(trx, [targetId], nowIso, { waitingLine: false })).get(targetId) ?? 0;
  const free = target.capacity - taken;
  if (free <= 0) return change;
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  for (const entry of await findFirstWaiting(trx, targetId, free)) {
    if (!(await markOffered(trx, entry.id, nowIso, expiresAt))) continue;
    await addNotification(trx, {
      userId: entry.user_id,
      type: "waitlist_offer",
      title: `A seat is held for you: ${target.title}`,
      body: `${whenText(deps, target)}. Pay within ${HOLD_MINUTES} minutes, or the seat goes to the next person in line.`,
      link: offerLink(entry.id),
    });
    await enqueueJob(trx, {
      type: WAITLIST_OFFER_JOB,
      payload: { entryId: entry.id },
      runAt: now,
      dedupeKey: `${WAITLIST_OFFER_JOB}:${entry.id}`,
    });
    change.userIds.push(entry.user_id);
  }
  // Everyone still waiting has moved up.
  if (change.userIds.length > 0) {
    const rest = await findFirstWaiting(trx, targetId, 1_000);
    change.userIds.push(...rest.map((e) => e.user_id));
  }
  return change;
}

/** Offers freed seats of one target in a transaction of its own (sweeps, after one-statement holds). */
export async function offerFreedSeatsNow(deps: AppDeps, kind: BookingKind, targetId: string): Promise<void> {
  const change = await deps.db.transaction().execute((trx) => offerFreedSeats(deps, trx, kind, targetId));
  await announceLineChanges(deps, [change]);
}

/** After commit: the students hear of their offer or new place, lists refresh their seats. */
export async function announceLineChanges(deps: AppDeps, changes: readonly LineChange[]): Promise<void> {
  const users = new Set(changes.flatMap((c) => c.userIds));
  await Promise.all([...users].map((userId) => announceNotification(deps.bus, userId)));
  await Promise.all([...users].map((userId) => deps.bus.publish({ topic: "user", userId, kind: "booking" })));
  for (const change of changes) {
    if (change.userIds.length > 0) await deps.bus.publish(seatsEventFor(change.kind, change.targetId));
  }
}

/**
 * Seats free themselves when holds and payment windows run out; the sweep offers them to the
 * line, and moves lapsed offers on to the next student. Every process may sweep: the target lock
 * makes a second sweep of the same line find nothing left to offer.
 */
export async function sweepWaitlists(deps: AppDeps, now = new Date()): Promise<void> {
  for (const line of await findTargetsWithLines(deps.db, now.toISOString())) {
    const change = await deps.db
      .transaction()
      .execute((trx) => offerFreedSeats(deps, trx, line.kind, line.target_id, now));
    await announceLineChanges(deps, [change]);
  }
}

function whenText(deps: AppDeps, target: BookableTarget): string {
  const { timeZone, timeZoneLabel } = deps.config;
  return target.kind === "internship"
    ? `Starts ${formatDayLabel(zonedDate(new Date(target.startAt), timeZone))}`
    : formatInstant(target.startAt, timeZone, timeZoneLabel);
}

const offerPayload = z.object({ entryId: z.string() });

/** The offer's e-mail, unless the offer was taken, lapsed or closed before the job ran. */
export async function runWaitlistOfferJob(deps: AppDeps, raw: unknown): Promise<JobOutcome> {
  const { entryId } = offerPayload.parse(raw);
  const entry = await findEntryById(deps.db, entryId);
  if (entry?.status !== "offered" || !entry.offer_expires_at || entry.offer_expires_at <= new Date().toISOString())
    return "skipped";
  const [user, target] = await Promise.all([
    findUserContact(deps.db, entry.user_id),
    findTargetForUpdate(deps.db, deps.dialect, entry.kind, entry.target_id, new Date(), deps.config.timeZone),
  ]);
  if (!user || !target) return "skipped";
  const link = `${deps.config.publicUrl}${offerLink(entry.id)}`;
  const until = formatInstant(entry.offer_expires_at, deps.config.timeZone, deps.config.timeZoneLabel);
  const text = `A seat in ${target.title} (${whenText(deps, target)}) has freed up, and it is held for you until ${until}. Pay before then to keep it; after that it goes to the next person in line.`;
  await deps.mailer.send({
    to: user.email,
    subject: `A seat is held for you: ${target.title}`,
    text: `Hello ${user.name || "there"},\n\n${text}\n\nGo to checkout: ${link}`,
    html: layoutEmail(
      "A seat is held for you",
      `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(link)}">Go to checkout</a></p>`,
    ),
  });
  await sendPhoneAlert(deps, { userId: entry.user_id, kind: "waitlist_offer", variables: [target.title, until, link] });
  return "done";
}
