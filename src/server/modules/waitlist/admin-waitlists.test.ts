import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { AdminWaitlistsPageDto } from "../../../shared/schemas/waitlist.js";
import type { ApiError } from "../../test/api-error.js";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** A full slot (one seat, held by someone else) with the given students joined to its line, in order. */
async function lineOf(t: TestApp, name: string, hours: number, students: number) {
  const slot = await buildSlot(t.app.deps.db, { interviewer_name: name, start_at: at(hours), end_at: at(hours + 1) });
  const holder = await t.signIn(`holder-${randomUUID().slice(0, 8)}@example.com`);
  await t.request({ method: "POST", url: "/api/holds", cookie: holder, payload: { kind: "mock", targetId: slot.id } });
  const line: { email: string; cookie: string; entryId: string }[] = [];
  for (let n = 1; n <= students; n++) {
    const email = `${name.toLowerCase()}-${n}-${randomUUID().slice(0, 6)}@example.com`;
    const cookie = await t.signIn(email);
    const joined = await t.request({
      method: "POST",
      url: "/api/waitlist",
      cookie,
      payload: { kind: "mock", targetId: slot.id },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    line.push({ email, cookie, entryId: json<{ id: string }>(joined).id });
  }
  return { slot, line };
}

const pageOf = async (t: TestApp, admin: string, limit: number, cursor: string | null) => {
  const url = `/api/admin/waitlists?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
  const res = await t.request({ url, cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return json<AdminWaitlistsPageDto>(res);
};

/** Every page from `cursor` on, as [interviewer, e-mail, place, whole line] rows of the given slots. */
async function readOn(t: TestApp, admin: string, limit: number, cursor: string | null, slotIds: Set<string>) {
  const rows: [string, string, number, number][] = [];
  let next = cursor;
  do {
    const page = await pageOf(t, admin, limit, next);
    expect(page.waitlists.flatMap((line) => line.entries).length).toBeLessThanOrEqual(limit);
    for (const line of page.waitlists.filter((l) => slotIds.has(l.targetId))) {
      for (const entry of line.entries) {
        rows.push([line.title.replace(/^.* with /, ""), entry.email, entry.position, line.inLine]);
      }
    }
    next = page.nextCursor;
  } while (next !== null);
  return rows;
}

describeEachDialect("admin waitlists, a page at a time", (t) => {
  it("pages the lines soonest session first, each in line order; a line cut by a page goes on in the next", async () => {
    const admin = await t().signInAdmin();
    const later = await lineOf(t(), "Later", 90, 3);
    const sooner = await lineOf(t(), "Sooner", 40, 2);
    const moved = await lineOf(t(), "Moved", 20, 1);
    // An admin moves a session: its line moves with it.
    await t()
      .app.deps.db.updateTable("slots")
      .set({ start_at: at(120), end_at: at(121) })
      .where("id", "=", moved.slot.id)
      .execute();
    const mine = new Set([later.slot.id, sooner.slot.id, moved.slot.id]);

    const whole = await readOn(t(), admin, 100, null, mine);
    expect(whole).toEqual([
      ["Sooner", sooner.line[0]?.email, 1, 2],
      ["Sooner", sooner.line[1]?.email, 2, 2],
      ["Later", later.line[0]?.email, 1, 3],
      ["Later", later.line[1]?.email, 2, 3],
      ["Later", later.line[2]?.email, 3, 3],
      ["Moved", moved.line[0]?.email, 1, 1],
    ]);
    for (const limit of [1, 2, 4]) expect(await readOn(t(), admin, limit, null, mine)).toEqual(whole);

    const first = await pageOf(t(), admin, 1, null);
    expect(first.nextCursor).not.toBeNull();
    const last = await pageOf(t(), admin, 100, null);
    expect(last.nextCursor).toBeNull();
  });

  it("a student leaving between pages makes the next page neither skip nor repeat anyone", async () => {
    const admin = await t().signInAdmin();
    const { slot, line } = await lineOf(t(), "Leaving", 200, 4);
    const mine = new Set([slot.id]);
    const before: string[] = [];
    let cursor: string | null = null;
    // Up to the page that ends with the line's second student.
    do {
      const page = await pageOf(t(), admin, 1, cursor);
      before.push(...page.waitlists.filter((l) => mine.has(l.targetId)).flatMap((l) => l.entries.map((e) => e.email)));
      cursor = page.nextCursor;
    } while (before.length < 2 && cursor !== null);
    expect(before).toEqual([line[0]?.email, line[1]?.email]);

    // The first in line and the student the page ended with both leave.
    for (const leaver of line.slice(0, 2)) {
      const left = await t().request({
        method: "DELETE",
        url: `/api/me/waitlist/${leaver.entryId}`,
        cookie: leaver.cookie,
      });
      expect(left.statusCode).toBe(204);
    }
    expect(await readOn(t(), admin, 1, cursor, mine)).toEqual([
      ["Leaving", line[2]?.email, 1, 2],
      ["Leaving", line[3]?.email, 2, 2],
    ]);
  });

  it("refuses a cursor it did not write with a 400 naming the field", async () => {
    const admin = await t().signInAdmin();
    const notOurs = Buffer.from(JSON.stringify({ offset: 50 })).toString("base64url");
    for (const cursor of ["not-a-cursor", notOurs, "%00%ff"]) {
      const res = await t().request({ url: `/api/admin/waitlists?cursor=${cursor}`, cookie: admin });
      expect(res.statusCode, cursor).toBe(400);
      expect(json<ApiError>(res).error).toMatchObject({ code: "VALIDATION", field: "cursor" });
    }
  });
});
