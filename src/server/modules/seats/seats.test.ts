import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { type BookingKind, PAID_STATUSES } from "../../../shared/constants.js";
import { bookingCutoffIso, zonedDate } from "../../../shared/time.js";
import type { Db } from "../../db/database.js";
import type { BookingStatus, WaitlistStatus } from "../../db/schema.js";
import { buildBooking, buildInternship, buildSlot, buildWorkshop } from "../../test/builders.js";
import { describeEachDialect } from "../../test/test-app.js";
import { findTargetForUpdate } from "../holds/targets-repository.js";
import {
  findPublishedUpcomingSlots,
  findPublishedUpcomingWorkshops,
  findUpcomingInternships,
} from "../listings/repository.js";
import { countSeatsTaken, type SeatOwner, seatsTakenAt } from "./repository.js";

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const later = at(5);
const earlier = at(-5);

async function addHold(db: Db, targetId: string, owner: SeatOwner, expiresAt: string) {
  await db
    .insertInto("holds")
    .values({
      id: randomUUID(),
      user_id: owner.userId,
      kind: owner.kind,
      target_id: targetId,
      package_key: "service",
      expires_at: expiresAt,
      created_at: earlier,
    })
    .execute();
}

async function addPlaceInLine(db: Db, targetId: string, userId: string, status: WaitlistStatus, offerEnds?: string) {
  await db
    .insertInto("waitlist_entries")
    .values({
      id: randomUUID(),
      user_id: userId,
      kind: "mock",
      target_id: targetId,
      package_key: "service",
      status,
      offer_expires_at: offerEnds ?? null,
      offered_at: offerEnds ? earlier : null,
      created_at: earlier,
      updated_at: earlier,
    })
    .execute();
}

async function addBooking(db: Db, targetId: string, status: BookingStatus, seatExpiresAt: string | null = null) {
  await buildBooking(db, { user_id: randomUUID(), target_id: targetId, status, seat_expires_at: seatExpiresAt });
}

/** The one-target count as the hold's statement reads it (`seatsTakenAt` over the slot's row). */
async function seatsTakenOnRow(db: Db, slotId: string, nowIso: string, except?: SeatOwner) {
  const row = await db
    .selectFrom("slots")
    .where("slots.id", "=", slotId)
    .select((eb) => seatsTakenAt(eb.ref("slots.id"), nowIso, except).as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** PostgreSQL's count after the target's lock (migrations 0140 and 0250); '' leaves nobody out. */
async function seatsTakenByFunction(db: Db, slotId: string, nowIso: string, except?: SeatOwner) {
  const { rows } = await sql<{ n: number }>`select careerprep_seats_taken(${slotId}, ${nowIso}, ${
    except?.userId ?? ""
  }, ${except?.kind ?? ""}) as n`.execute(db);
  return Number(rows[0]?.n);
}

describeEachDialect("seats: seats taken", (t) => {
  it("counts paid bookings, payments in their window, live holds and the waiting line, and nothing that lapsed", async () => {
    const { db, dialect } = t().app.deps;
    const slot = await buildSlot(db, { capacity: 20 });
    for (const status of PAID_STATUSES) await addBooking(db, slot.id, status);
    await addBooking(db, slot.id, "pending_payment", later);
    await addBooking(db, slot.id, "pending_payment", earlier);
    for (const status of ["cancelled", "failed", "expired", "superseded", "refunded_late"] as const) {
      await addBooking(db, slot.id, status);
    }
    const student = randomUUID();
    await addHold(db, slot.id, { userId: student, kind: "mock" }, later);
    await addHold(db, slot.id, { userId: student, kind: "workshop" }, later);
    await addHold(db, slot.id, { userId: randomUUID(), kind: "mock" }, later);
    await addHold(db, slot.id, { userId: randomUUID(), kind: "mock" }, earlier);
    await addPlaceInLine(db, slot.id, student, "waiting");
    await addPlaceInLine(db, slot.id, randomUUID(), "waiting");
    await addPlaceInLine(db, slot.id, randomUUID(), "offered", later);
    await addPlaceInLine(db, slot.id, randomUUID(), "offered", earlier);
    for (const status of ["accepted", "lapsed", "closed"] as const)
      await addPlaceInLine(db, slot.id, randomUUID(), status);
    const nowIso = new Date().toISOString();

    // 3 paid + 1 payment in its window + 3 live holds + 2 waiting + 1 live offer.
    expect((await countSeatsTaken(db, [slot.id], nowIso)).get(slot.id)).toBe(10);
    expect((await countSeatsTaken(db, [slot.id], nowIso, { waitingLine: false })).get(slot.id)).toBe(8);
    expect(await seatsTakenOnRow(db, slot.id, nowIso)).toBe(10);
    // The student asking again: their own mock hold and their place in line are not counted against them.
    const asking = { userId: student, kind: "mock" } as const;
    expect(await seatsTakenOnRow(db, slot.id, nowIso, asking)).toBe(8);
    if (dialect === "postgres") {
      expect(await seatsTakenByFunction(db, slot.id, nowIso)).toBe(10);
      expect(await seatsTakenByFunction(db, slot.id, nowIso, asking)).toBe(8);
    }
  });

  it("every way of counting agrees on the same rows, PostgreSQL's locked count included", async () => {
    const { db, dialect } = t().app.deps;
    // A fixed pseudo-random mix, so a disagreement is reproducible.
    let seed = 27;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const students = [randomUUID(), randomUUID(), randomUUID()];
    const kinds: BookingKind[] = ["mock", "workshop"];
    const bookingStatuses: BookingStatus[] = [...PAID_STATUSES, "pending_payment", "cancelled", "failed"];
    const lineStatuses: WaitlistStatus[] = ["waiting", "offered", "lapsed", "accepted"];
    const holding = new Set<string>();
    const slots = [];
    for (let s = 0; s < 8; s++) {
      const slot = await buildSlot(db, { capacity: 10 });
      slots.push(slot.id);
      for (let i = next(4); i > 0; i--) {
        await addBooking(
          db,
          slot.id,
          bookingStatuses[next(bookingStatuses.length)] as BookingStatus,
          next(2) ? later : earlier,
        );
      }
      for (const userId of students) {
        for (const kind of kinds) {
          // A student holds one seat per kind.
          if (next(3) > 0 || holding.has(`${userId}:${kind}`)) continue;
          holding.add(`${userId}:${kind}`);
          await addHold(db, slot.id, { userId, kind }, next(2) ? later : earlier);
        }
        if (next(2))
          await addPlaceInLine(db, slot.id, userId, lineStatuses[next(4)] as WaitlistStatus, next(2) ? later : earlier);
      }
    }
    const nowIso = new Date().toISOString();
    const all = await countSeatsTaken(db, slots, nowIso);
    for (const id of slots) {
      expect(await seatsTakenOnRow(db, id, nowIso)).toBe(all.get(id));
      if (dialect === "postgres") expect(await seatsTakenByFunction(db, id, nowIso)).toBe(all.get(id));
      for (const userId of students) {
        for (const kind of kinds) {
          const owner = { userId, kind };
          const own = await db
            .selectFrom("holds")
            .select("id")
            .where("user_id", "=", userId)
            .where("kind", "=", kind)
            .where("target_id", "=", id)
            .where("expires_at", ">", nowIso)
            .execute();
          const inLine = await db
            .selectFrom("waitlist_entries")
            .select("id")
            .where("user_id", "=", userId)
            .where("target_id", "=", id)
            .where((w) =>
              w.or([
                w("status", "=", "waiting"),
                w.and([w("status", "=", "offered"), w("offer_expires_at", ">", nowIso)]),
              ]),
            )
            .execute();
          const expected = (all.get(id) ?? 0) - own.length - inLine.length;
          expect(await seatsTakenOnRow(db, id, nowIso, owner)).toBe(expected);
          if (dialect === "postgres") expect(await seatsTakenByFunction(db, id, nowIso, owner)).toBe(expected);
        }
      }
    }
  });
});

describeEachDialect("seats: open for booking", (t) => {
  it("the lists show exactly the sessions the hold and payment paths call open", async () => {
    const { db, dialect } = t().app.deps;
    const { timeZone } = t().app.deps.config;
    const now = new Date();
    const cutoffIso = bookingCutoffIso(now);
    const hours = (n: number) => new Date(now.getTime() + n * 3_600_000).toISOString();
    const slotStates = [
      {},
      { status: "draft" },
      { cancelled_at: hours(-1) },
      { start_at: hours(1), end_at: hours(2) },
      { start_at: hours(-3), end_at: hours(-2) },
    ] as const;
    const slots = [];
    for (const state of slotStates) slots.push(await buildSlot(db, { package_types: '["product"]', ...state }));
    const workshops = [];
    for (const state of slotStates) workshops.push(await buildWorkshop(db, state));
    const day = (n: number) => zonedDate(new Date(now.getTime() + n * 86_400_000), timeZone);
    const internships = [
      await buildInternship(db, { start_date: day(3) }),
      await buildInternship(db, { start_date: day(0) }),
      await buildInternship(db, { start_date: day(3), cancelled_at: hours(-1) }),
    ];

    const listedSlots = new Set((await findPublishedUpcomingSlots(db, "product", cutoffIso)).map((s) => s.id));
    const listedWorkshops = new Set((await findPublishedUpcomingWorkshops(db, cutoffIso)).map((w) => w.id));
    const listedInternships = new Set((await findUpcomingInternships(db, zonedDate(now, timeZone))).map((i) => i.id));
    const open = async (kind: BookingKind, id: string) =>
      (await findTargetForUpdate(db, dialect, kind, id, now, timeZone))?.open;

    for (const slot of slots) expect(await open("mock", slot.id)).toBe(listedSlots.has(slot.id));
    for (const workshop of workshops)
      expect(await open("workshop", workshop.id)).toBe(listedWorkshops.has(workshop.id));
    for (const batch of internships) expect(await open("internship", batch.id)).toBe(listedInternships.has(batch.id));
    expect([slots, workshops, internships].map((list) => list.filter((row) => listedOf(row.id)).length)).toEqual([
      1, 1, 1,
    ]);

    function listedOf(id: string) {
      return listedSlots.has(id) || listedWorkshops.has(id) || listedInternships.has(id);
    }
  });
});
