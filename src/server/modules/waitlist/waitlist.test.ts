import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { INTERNSHIP_TRACKS } from "../../../shared/constants.js";
import { MESSAGES, PROGRAMME_MESSAGES, WAITLIST_MESSAGES } from "../../../shared/messages.js";
import type { HoldDto, InternshipListing } from "../../../shared/schemas/booking.js";
import type { WaitlistEntryDto } from "../../../shared/schemas/waitlist.js";
import { addDays, zonedDate } from "../../../shared/time.js";
import { createJobRunner } from "../../infrastructure/jobs/queue.js";
import type { ApiError } from "../../test/api-error.js";
import {
  buildApplication,
  buildBooking,
  buildInternship,
  buildSlot,
  buildWorkshop,
  findUserId,
} from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { sweepExpiredSeats } from "../checkout/sweeper.js";
import { jobHandlers } from "../index.js";

interface Student {
  email: string;
  cookie: string;
  id: string;
}

async function student(t: TestApp, name: string): Promise<Student> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const cookie = await t.signIn(email);
  return { email, cookie, id: await findUserId(t.app.deps.db, email) };
}

const hold = async (t: TestApp, who: Student, targetId: string, kind = "mock") => {
  if (kind === "internship") await buildApplication(t.app.deps.db, who.id, targetId);
  return t.request({ method: "POST", url: "/api/holds", cookie: who.cookie, payload: { kind, targetId } });
};
const join = (t: TestApp, who: Student, targetId: string, kind = "mock") =>
  t.request({ method: "POST", url: "/api/waitlist", cookie: who.cookie, payload: { kind, targetId } });
const apply = (t: TestApp, who: Student, internshipId: string) =>
  t.request({
    method: "PUT",
    url: `/api/me/internship-applications/${internshipId}`,
    cookie: who.cookie,
    payload: {
      college: "IIT Test",
      yearOfStudy: "3rd year",
      graduationYear: 2027,
      why: "To ship a real app",
      projectUrl: "https://github.com/someone/app",
    },
  });
const myLine = async (t: TestApp, who: Student) =>
  json<{ entries: WaitlistEntryDto[] }>(await t.request({ url: "/api/me/waitlist", cookie: who.cookie })).entries;
const seatsLeft = async (t: TestApp, slotId: string) => {
  const { slots } = json<{ slots: { id: string; seatsLeft: number }[] }>(
    await t.request({ url: "/api/slots?package=service" }),
  );
  return slots.find((s) => s.id === slotId)?.seatsLeft;
};
const outboxTo = (t: TestApp, email: string) =>
  t.app.deps.db
    .selectFrom("outbox_messages")
    .select(["subject", "text"])
    .where("to_address", "=", email)
    .orderBy("created_at", "desc")
    .execute();

describeEachDialect("internship tracks", (t) => {
  it("lists every batch that has not started, of every track, with seats left and the track's price", async () => {
    const { db } = t().app.deps;
    const today = zonedDate(new Date(), "Asia/Kolkata");
    const batches = await Promise.all(
      INTERNSHIP_TRACKS.map((track, i) =>
        buildInternship(db, { track_key: track, start_date: addDays(today, 20 + i), capacity: 5 }),
      ),
    );
    const started = await buildInternship(db, { start_date: today });
    const someone = await student(t(), "intern");
    await buildBooking(db, { user_id: someone.id, target_id: batches[1]?.id ?? "", kind: "internship" });
    const res = await t().request({ url: "/api/internships" });
    expect(res.statusCode).toBe(200);
    const { internships } = json<{ internships: InternshipListing[] }>(res);
    expect(internships.map((i) => i.id)).not.toContain(started.id);
    const listed = batches.map((b) => internships.find((i) => i.id === b.id));
    expect(listed.map((i) => [i?.trackKey, i?.seatsLeft, i?.pricePaise])).toEqual([
      ["int_frontend", 5, 499_900],
      ["int_backend", 4, 499_900],
      ["int_ml", 5, 599_900],
      ["int_mobile", 5, 499_900],
      ["int_product", 5, 399_900],
    ]);
    expect(listed[0]).toMatchObject({
      mentor: "Ananya Iyer",
      weeks: 2,
      weekPlans: [{ title: "Setup" }, { title: "Build" }],
    });
    const dates = internships.map((i) => i.startDate);
    expect(dates).toEqual([...dates].sort());
  });

  it("holds a seat in a chosen batch of another track, like the earliest one", async () => {
    const { db } = t().app.deps;
    const ml = await buildInternship(db, {
      track_key: "int_ml",
      start_date: addDays(zonedDate(new Date(), "Asia/Kolkata"), 60),
    });
    const who = await student(t(), "ml");
    const res = await hold(t(), who, ml.id, "internship");
    expect(res.statusCode).toBe(201);
    expect(json<HoldDto>(res)).toMatchObject({ kind: "internship", targetId: ml.id, packageKey: "int_ml" });
  });
});

describeEachDialect("waitlist: joining, places and offers", (t) => {
  it("refuses the line while seats are open, then lines students up in order on a full slot", async () => {
    const { db } = t().app.deps;
    const slot = await buildSlot(db, { capacity: 1 });
    const [holder, first, second] = [
      await student(t(), "holder"),
      await student(t(), "first"),
      await student(t(), "second"),
    ];
    const early = await join(t(), first, slot.id);
    expect(early.statusCode).toBe(409);
    expect(json<ApiError>(early).error).toEqual({ code: "CONFLICT", message: WAITLIST_MESSAGES.seatsOpen });

    expect((await hold(t(), holder, slot.id)).statusCode).toBe(201);
    const mine = await join(t(), holder, slot.id);
    expect(json<ApiError>(mine).error.message).toBe(MESSAGES.alreadyBooked);
    const joined = await join(t(), first, slot.id);
    expect(joined.statusCode).toBe(201);
    expect(json<WaitlistEntryDto>(joined)).toMatchObject({ status: "waiting", position: 1, targetId: slot.id });
    expect(json<WaitlistEntryDto>(await join(t(), second, slot.id))).toMatchObject({ position: 2 });
    const again = await join(t(), second, slot.id);
    expect([again.statusCode, json<ApiError>(again).error.message]).toEqual([409, WAITLIST_MESSAGES.alreadyInLine]);
    expect((await myLine(t(), second)).map((e) => [e.title, e.position])).toEqual([
      ["Mock interview with Test Interviewer", 2],
    ]);
    const signedOut = await t().request({
      method: "POST",
      url: "/api/waitlist",
      payload: { kind: "mock", targetId: slot.id },
    });
    expect(signedOut.statusCode).toBe(401);
    const missing = await join(t(), second, randomUUID());
    expect(json<ApiError>(missing).error).toEqual({ code: "NOT_FOUND", message: WAITLIST_MESSAGES.notOpen });
  });

  it("a released hold is held for the first in line, who checks out; nobody else can take it", async () => {
    const { db } = t().app.deps;
    const slot = await buildSlot(db, { capacity: 1 });
    const [holder, first, second, walkIn] = [
      await student(t(), "holder"),
      await student(t(), "first"),
      await student(t(), "second"),
      await student(t(), "walkin"),
    ];
    const held = json<HoldDto>(await hold(t(), holder, slot.id));
    await join(t(), first, slot.id);
    await join(t(), second, slot.id);
    await t().request({ method: "DELETE", url: `/api/holds/${held.id}`, cookie: holder.cookie });

    const [offer] = await myLine(t(), first);
    expect(offer).toMatchObject({ status: "offered", position: 0 });
    expect(Date.parse(offer?.offerExpiresAt ?? "") - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await myLine(t(), second))[0]).toMatchObject({ status: "waiting", position: 1 });
    expect(await seatsLeft(t(), slot.id)).toBe(0);
    const taken = await hold(t(), walkIn, slot.id);
    expect(json<ApiError>(taken).error.code).toBe("SLOT_HELD");
    expect(json<ApiError>(await hold(t(), second, slot.id)).error.code).toBe("SLOT_HELD");

    const { items } = json<{ items: { type: string; link: string; title: string }[] }>(
      await t().request({ url: "/api/notifications", cookie: first.cookie }),
    );
    expect(items[0]).toMatchObject({ type: "waitlist_offer", link: `/onboarding?offer=${offer?.id}` });
    await createJobRunner(t().app.deps, jobHandlers).runDue();
    const [mail] = await outboxTo(t(), first.email);
    expect(mail?.subject).toBe("A seat is held for you: Mock interview with Test Interviewer");
    expect(mail?.text).toContain(`http://localhost:3000/onboarding?offer=${offer?.id}`);

    const accepted = await t().request({
      method: "POST",
      url: `/api/me/waitlist/${offer?.id}/accept`,
      cookie: first.cookie,
    });
    expect(accepted.statusCode).toBe(200);
    const offeredHold = json<HoldDto>(accepted);
    expect(offeredHold).toMatchObject({ targetId: slot.id, expiresAt: offer?.offerExpiresAt });
    expect(await myLine(t(), first)).toEqual([]);
    const twice = await t().request({
      method: "POST",
      url: `/api/me/waitlist/${offer?.id}/accept`,
      cookie: first.cookie,
    });
    expect(json<ApiError>(twice).error).toEqual({ code: "HOLD_EXPIRED", message: WAITLIST_MESSAGES.offerGone });
    const checkout = await t().request({
      method: "POST",
      url: "/api/checkout",
      cookie: first.cookie,
      payload: { holdId: offeredHold.id },
    });
    expect(checkout.statusCode).toBe(201);
    const { paymentId } = json<{ paymentId: string }>(checkout);
    const paid = await t().request({ method: "POST", url: `/api/payments/dev/${paymentId}/pay`, cookie: first.cookie });
    expect(json<{ status: string }>(paid).status).toBe("confirmed");
    expect((await myLine(t(), second))[0]).toMatchObject({ status: "waiting", position: 1 });
  });

  it("a full internship batch has a line too: a released seat is held for the first in line, at the track's price", async () => {
    const { db } = t().app.deps;
    const batch = await buildInternship(db, { capacity: 1, track_key: "int_ml", title: "Data/ML batch" });
    const [holder, first] = [await student(t(), "intern-holder"), await student(t(), "intern-first")];
    const held = json<HoldDto>(await hold(t(), holder, batch.id, "internship"));
    const unapplied = await join(t(), first, batch.id, "internship");
    expect(unapplied.statusCode).toBe(409);
    expect(json<ApiError>(unapplied).error).toEqual({
      code: "CONFLICT",
      message: PROGRAMME_MESSAGES.applicationBeforeWaitlist,
    });
    expect(await myLine(t(), first)).toEqual([]);
    expect((await apply(t(), first, batch.id)).statusCode).toBe(200);
    const joined = await join(t(), first, batch.id, "internship");
    expect(joined.statusCode).toBe(201);
    expect(json<WaitlistEntryDto>(joined)).toMatchObject({ status: "waiting", position: 1, targetId: batch.id });
    await t().request({ method: "DELETE", url: `/api/holds/${held.id}`, cookie: holder.cookie });

    const [offer] = await myLine(t(), first);
    expect(offer).toMatchObject({ status: "offered", kind: "internship", packageKey: "int_ml" });
    expect(json<ApiError>(await hold(t(), holder, batch.id, "internship")).error.code).toBe("SLOT_HELD");
    const accepted = await t().request({
      method: "POST",
      url: `/api/me/waitlist/${offer?.id}/accept`,
      cookie: first.cookie,
    });
    expect(json<HoldDto>(accepted)).toMatchObject({ kind: "internship", targetId: batch.id, packageKey: "int_ml" });
  });

  it("a seat offered in an internship batch to a student without an application waits until they apply", async () => {
    const { db } = t().app.deps;
    const batch = await buildInternship(db, { capacity: 1, track_key: "int_mobile" });
    const [holder, first] = [await student(t(), "intern-holder"), await student(t(), "intern-late")];
    const held = json<HoldDto>(await hold(t(), holder, batch.id, "internship"));
    await buildApplication(db, first.id, batch.id);
    expect((await join(t(), first, batch.id, "internship")).statusCode).toBe(201);
    // A place taken before applications were asked for in line (or an application since erased).
    await db.deleteFrom("internship_applications").where("user_id", "=", first.id).execute();
    await t().request({ method: "DELETE", url: `/api/holds/${held.id}`, cookie: holder.cookie });
    const [offer] = await myLine(t(), first);
    expect(offer?.status).toBe("offered");

    const accept = () =>
      t().request({ method: "POST", url: `/api/me/waitlist/${offer?.id}/accept`, cookie: first.cookie });
    const refused = await accept();
    expect(refused.statusCode).toBe(409);
    expect(json<ApiError>(refused).error).toEqual({
      code: "CONFLICT",
      message: PROGRAMME_MESSAGES.applicationBeforeOffer,
    });
    expect((await myLine(t(), first))[0]).toMatchObject({ id: offer?.id, status: "offered" });
    expect(json<ApiError>(await hold(t(), holder, batch.id, "internship")).error.code).toBe("SLOT_HELD");

    expect((await apply(t(), first, batch.id)).statusCode).toBe(200);
    const accepted = await accept();
    expect(accepted.statusCode).toBe(200);
    expect(json<HoldDto>(accepted)).toMatchObject({ kind: "internship", targetId: batch.id, packageKey: "int_mobile" });
  });

  it("an offer nobody takes lapses and goes to the next in line; leaving with an offer passes it on", async () => {
    const { db } = t().app.deps;
    const slot = await buildSlot(db, { capacity: 1 });
    const [holder, first, second, third] = [
      await student(t(), "holder"),
      await student(t(), "first"),
      await student(t(), "second"),
      await student(t(), "third"),
    ];
    const held = json<HoldDto>(await hold(t(), holder, slot.id));
    for (const who of [first, second, third]) await join(t(), who, slot.id);
    // The hold runs out by time: the sweep offers the seat.
    await db
      .updateTable("holds")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", held.id)
      .execute();
    await sweepExpiredSeats(t().app);
    expect((await myLine(t(), first))[0]?.status).toBe("offered");
    await db
      .updateTable("waitlist_entries")
      .set({ offer_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", first.id)
      .execute();
    await sweepExpiredSeats(t().app);
    expect(await myLine(t(), first)).toEqual([]);
    const [offer] = await myLine(t(), second);
    expect(offer).toMatchObject({ status: "offered" });
    expect((await myLine(t(), third))[0]).toMatchObject({ status: "waiting", position: 1 });
    const left = await t().request({ method: "DELETE", url: `/api/me/waitlist/${offer?.id}`, cookie: second.cookie });
    expect(left.statusCode).toBe(204);
    expect((await myLine(t(), third))[0]?.status).toBe("offered");
    const notMine = await t().request({ method: "DELETE", url: `/api/me/waitlist/${offer?.id}`, cookie: third.cookie });
    expect(notMine.statusCode).toBe(404);
  });

  it("a cancelled booking and a raised capacity offer their seats; a cancelled session closes its line", async () => {
    const { db } = t().app.deps;
    const workshop = await buildWorkshop(db, { capacity: 1 });
    const [booked, first, second] = [
      await student(t(), "booked"),
      await student(t(), "first"),
      await student(t(), "second"),
    ];
    const booking = await buildBooking(db, {
      user_id: booked.id,
      target_id: workshop.id,
      kind: "workshop",
      package_key: "ws_dsa",
    });
    await join(t(), first, workshop.id, "workshop");
    await join(t(), second, workshop.id, "workshop");
    const cancelled = await t().request({
      method: "POST",
      url: `/api/me/bookings/${booking.id}/cancel`,
      cookie: booked.cookie,
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await myLine(t(), first))[0]?.status).toBe("offered");
    expect((await myLine(t(), second))[0]?.status).toBe("waiting");

    const admin = await t().signInAdmin(`admin-${randomUUID().slice(0, 6)}@example.com`);
    const { waitlists } = json<{
      waitlists: { targetId: string; entries: { email: string; status: string; position: number }[] }[];
    }>(await t().request({ url: "/api/admin/waitlists", cookie: admin }));
    expect(
      waitlists.find((w) => w.targetId === workshop.id)?.entries.map((e) => [e.email, e.status, e.position]),
    ).toEqual([
      [first.email, "offered", 0],
      [second.email, "waiting", 1],
    ]);
    expect((await t().request({ url: "/api/admin/waitlists", cookie: first.cookie })).statusCode).toBe(403);

    const slot = await buildSlot(db, { capacity: 1 });
    const holder = await student(t(), "holder");
    await hold(t(), holder, slot.id);
    await join(t(), first, slot.id);
    await join(t(), second, slot.id);
    await db.updateTable("slots").set({ capacity: 3 }).where("id", "=", slot.id).execute();
    await sweepExpiredSeats(t().app);
    expect([
      (await myLine(t(), first)).find((e) => e.targetId === slot.id)?.status,
      (await myLine(t(), second)).find((e) => e.targetId === slot.id)?.status,
    ]).toEqual(["offered", "offered"]);

    const full = await buildSlot(db, { capacity: 1 });
    await hold(t(), holder, full.id);
    await join(t(), second, full.id);
    const closed = await t().request({
      method: "POST",
      url: `/api/admin/slots/${full.id}/cancel`,
      cookie: admin,
      payload: {},
    });
    expect(closed.statusCode).toBe(200);
    expect((await myLine(t(), second)).map((e) => e.targetId)).not.toContain(full.id);
  });
});
