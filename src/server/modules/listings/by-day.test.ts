import { randomUUID } from "node:crypto";
import zlib from "node:zlib";
import { expect, it } from "vitest";
import { FULL_TIMES_LISTED, SLOT_DAYS_AHEAD } from "../../../shared/constants.js";
import { API_MESSAGES } from "../../../shared/messages.js";
import type { SlotDays, SlotListing } from "../../../shared/schemas/booking.js";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { ApiError } from "../../test/api-error.js";
import { buildBooking, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

type Listing = { slots: SlotListing[] };

const ZONE = "Asia/Kolkata";
const today = () => zonedDate(new Date(), ZONE);
/** The instant the platform zone's wall clock reads `time` on `date`. */
const at = (date: string, time: string) => zonedToInstant(date, time, ZONE).toISOString();
const later = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

describeEachDialect("slots by day and the days summary (docs/decisions/0240-slots-by-day.md)", (t) => {
  const slotAt = (startAt: string, overrides: Parameters<typeof buildSlot>[1] = {}) =>
    buildSlot(t().app.deps.db, { start_at: startAt, end_at: later(startAt, 45), ...overrides });
  const dayList = async (date: string, plan = "service") =>
    json<Listing>(await t().request({ url: `/api/slots?package=${plan}&date=${date}` })).slots;
  const summary = async (plan = "service") =>
    json<SlotDays>(await t().request({ url: `/api/slots/days?package=${plan}` }));

  it("a day's list holds the slots from its midnight to the next in IST, not by UTC dates", async () => {
    const day = addDays(today(), 10);
    const name = unique("Boundary");
    // 00:00 IST is 18:30 UTC the evening before; 23:59 IST is 18:29 UTC of the day.
    const first = await slotAt(at(day, "00:00"), { interviewer_name: name });
    const last = await slotAt(at(day, "23:59"), { interviewer_name: name });
    const before = await slotAt(at(addDays(day, -1), "23:59"), { interviewer_name: name });
    const after = await slotAt(at(addDays(day, 1), "00:00"), { interviewer_name: name });
    const product = await slotAt(at(day, "12:00"), { interviewer_name: name, package_types: '["product"]' });
    const draft = await slotAt(at(day, "13:00"), { interviewer_name: name, status: "draft" });

    const ids = (await dayList(day)).filter((s) => s.interviewerName === name).map((s) => s.id);
    expect(ids).toEqual([first.id, last.id]);
    expect(ids).not.toContain(before.id);
    expect(ids).not.toContain(after.id);
    expect(ids).not.toContain(draft.id);
    expect((await dayList(addDays(day, -1))).map((s) => s.id)).toContain(before.id);
    expect((await dayList(addDays(day, 1))).map((s) => s.id)).toContain(after.id);
    expect((await dayList(day, "product")).map((s) => s.id)).toEqual([product.id]);

    const days = (await summary()).days;
    expect(days.find((d) => d.date === day)).toMatchObject({ free: 2, total: 2 });
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
  });

  it("a day's list has the same fields as the full list, full slots included with no seats left", async () => {
    const { db } = t().app.deps;
    const day = addDays(today(), 14);
    const name = unique("Full");
    const full = await slotAt(at(day, "10:00"), { interviewer_name: name, capacity: 1 });
    const open = await slotAt(at(day, "11:00"), { interviewer_name: name, capacity: 2 });
    const buyer = `full-${randomUUID()}@example.com`;
    await t().signIn(buyer);
    await buildBooking(db, { user_id: await findUserId(db, buyer), target_id: full.id });

    const listed = (await dayList(day)).filter((s) => s.interviewerName === name);
    expect(listed.map((s) => [s.id, s.seatsLeft])).toEqual([
      [full.id, 0],
      [open.id, 2],
    ]);
    const fromFullList = json<Listing>(await t().request({ url: "/api/slots?package=service" })).slots.find(
      (s) => s.id === open.id,
    );
    expect(listed[1]).toEqual(fromFullList);

    // Rows written straight into the database publish no event: the summary cached by another test shows them
    // once its second has run out.
    await expect
      .poll(async () => (await summary()).days.find((d) => d.date === day), { timeout: 3_000 })
      .toMatchObject({
        free: 1,
        total: 2,
      });
    const days = await summary();
    expect(days.full).toContainEqual({ id: full.id, startAt: full.start_at, interviewerName: name });
    expect(days.full.length).toBeLessThanOrEqual(FULL_TIMES_LISTED);
    expect(days.next).not.toBeNull();
    expect(Date.parse(days.next?.startAt ?? "")).toBeLessThanOrEqual(Date.parse(open.start_at));
  });

  it("refuses a date that is not a calendar day with a clear 400, lists none before today, refuses one past the horizon", async () => {
    for (const date of [
      "tomorrow",
      "2026-1-05",
      "2026-02-30",
      "2027-02-29",
      "2026-04-31",
      "2026-13-01",
      "20261105",
      "2026-11-05T00:00",
    ]) {
      const res = await t().request({ url: `/api/slots?package=service&date=${encodeURIComponent(date)}` });
      expect(res.statusCode, date).toBe(400);
      expect(json<ApiError>(res).error).toEqual({
        code: "VALIDATION",
        message: API_MESSAGES.slotDateInvalid,
        field: "date",
      });
    }
    const yesterday = await t().request({ url: `/api/slots?package=service&date=${addDays(today(), -1)}` });
    expect(yesterday.statusCode).toBe(200);
    expect(json<Listing>(yesterday).slots).toEqual([]);

    const last = addDays(today(), SLOT_DAYS_AHEAD - 1);
    expect((await t().request({ url: `/api/slots?package=service&date=${last}` })).statusCode).toBe(200);
    const beyond = await t().request({ url: `/api/slots?package=service&date=${addDays(last, 1)}` });
    expect(beyond.statusCode).toBe(400);
    expect(json<ApiError>(beyond).error).toEqual({
      code: "VALIDATION",
      message: API_MESSAGES.slotDateTooFar(SLOT_DAYS_AHEAD, last),
      field: "date",
    });
    const badPlan = await t().request({ url: `/api/slots/days?package=startup` });
    expect(badPlan.statusCode).toBe(400);
  });

  it("a hold empties the cached day and summary: both show the seat taken, in Brotli as in plain JSON", async () => {
    const day = addDays(today(), 18);
    const name = unique("Cached");
    const slot = await slotAt(at(day, "19:00"), { interviewer_name: name, capacity: 1 });
    const get = (url: string, acceptEncoding?: string) =>
      t().request({ url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
    const dayUrl = `/api/slots?package=service&date=${day}`;
    const daysUrl = "/api/slots/days?package=service";

    // Both read (and cached) before the hold.
    for (const url of [dayUrl, daysUrl]) {
      const plain = await get(url);
      const br = await get(url, "gzip, deflate, br, zstd");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toContain("accept-encoding");
      expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(json(plain));
      const gzip = await get(url, "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(json(plain));
    }
    expect((await dayList(day)).find((s) => s.id === slot.id)?.seatsLeft).toBe(1);
    await expect
      .poll(async () => (await summary()).days.find((d) => d.date === day), { timeout: 3_000 })
      .toMatchObject({
        free: 1,
        total: 1,
      });

    const cookie = await t().signIn(`cached-${randomUUID()}@example.com`);
    const hold = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie,
      payload: { kind: "mock", targetId: slot.id },
    });
    expect(hold.statusCode).toBe(201);
    // On PostgreSQL the event comes back through NOTIFY: poll well within the cache's one second.
    const brotli = async <T>(url: string) =>
      JSON.parse(zlib.brotliDecompressSync((await get(url, "br")).rawPayload).toString()) as T;
    await expect
      .poll(async () => (await brotli<Listing>(dayUrl)).slots.find((s) => s.id === slot.id)?.seatsLeft, {
        timeout: 900,
        interval: 20,
      })
      .toBe(0);
    await expect
      .poll(async () => (await brotli<SlotDays>(daysUrl)).days.find((d) => d.date === day), {
        timeout: 900,
        interval: 20,
      })
      .toMatchObject({ free: 0, total: 1 });
    expect((await summary()).full).toContainEqual({ id: slot.id, startAt: slot.start_at, interviewerName: name });
  });

  it("one slot by id, for a held seat's day; a draft or unknown id is not found", async () => {
    const slot = await slotAt(at(addDays(today(), 22), "09:00"), { interviewer_name: unique("One") });
    const draft = await slotAt(at(addDays(today(), 22), "10:00"), { status: "draft" });
    const res = await t().request({ url: `/api/slots/${slot.id}` });
    expect(res.statusCode).toBe(200);
    const { slot: listed } = json<{ slot: SlotListing }>(res);
    expect(listed).toEqual((await dayList(addDays(today(), 22))).find((s) => s.id === slot.id));
    for (const id of [draft.id, randomUUID()]) {
      const missing = await t().request({ url: `/api/slots/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(json<ApiError>(missing).error).toEqual({ code: "NOT_FOUND", message: API_MESSAGES.slotNotFound });
    }
  });
});
