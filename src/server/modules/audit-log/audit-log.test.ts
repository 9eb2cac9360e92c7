import { expect, it } from "vitest";
import { zonedDate } from "../../../shared/time.js";
import { buildInterviewer } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { recordAudit } from "../audit/index.js";

type Entry = {
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};
const inDays = (n: number) => zonedDate(new Date(Date.now() + n * 86_400_000), "Asia/Kolkata");

describeEachDialect("admin audit log", (t) => {
  it("records who changed a slot, with before and after, and filters by entity", async () => {
    const actor = "audit-admin@example.com";
    const cookie = await t().signInAdmin(actor);
    const person = await buildInterviewer(t().app.deps.db);
    const payload = { interviewerId: person.id, date: inDays(3), start: "19:00", end: "19:45", capacity: 1 };
    const slot = json<{ id: string }>(await t().request({ method: "POST", url: "/api/admin/slots", cookie, payload }));
    await t().request({
      method: "PUT",
      url: `/api/admin/slots/${slot.id}`,
      cookie,
      payload: { ...payload, capacity: 4 },
    });
    await t().request({ method: "DELETE", url: `/api/admin/slots/${slot.id}`, cookie });
    await t().request({
      method: "PUT",
      url: "/api/admin/pricing/service",
      cookie,
      payload: { available: true, priceRupees: 1200 },
    });

    const { entries } = json<{ entries: Entry[] }>(await t().request({ url: "/api/admin/audit?entity=slot", cookie }));
    expect(entries.every((e) => e.entity === "slot")).toBe(true);
    const mine = entries.filter((e) => e.entityId === slot.id);
    expect(mine.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    const [deleted, updated, created] = mine;
    expect(created).toMatchObject({ actorEmail: actor, before: null, after: { capacity: 1 } });
    expect(updated).toMatchObject({ before: { capacity: 1 }, after: { capacity: 4 } });
    expect(deleted).toMatchObject({ before: { capacity: 4 }, after: null });
    expect(Number.isNaN(Date.parse(created?.createdAt ?? ""))).toBe(false);

    const pricing = json<{ entries: Entry[] }>(await t().request({ url: "/api/admin/audit?entity=pricing", cookie }));
    expect(pricing.entries[0]).toMatchObject({ entity: "pricing", entityId: "service", actorEmail: actor });
  });

  it("pages newest first: a page of entries and whether older ones exist", async () => {
    const cookie = await t().signInAdmin("audit-pager@example.com");
    const { db } = t().app.deps;
    for (const n of [1, 2, 3]) {
      await recordAudit(db, {
        actorEmail: "audit-pager@example.com",
        action: "create",
        entity: "pager-test",
        entityId: `item-${n}`,
        before: null,
        after: { n },
      });
    }
    const page = (query: string) =>
      t()
        .request({ url: `/api/admin/audit?entity=pager-test&${query}`, cookie })
        .then((res) => json<{ entries: Entry[]; nextCursor: string | null }>(res));
    const first = await page("limit=2");
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const older = await page(`limit=2&cursor=${first.nextCursor}`);
    expect(older.entries).toHaveLength(1);
    expect(older.nextCursor).toBeNull();
    const entries = [...first.entries, ...older.entries];
    expect(entries.map((e) => e.entityId).sort()).toEqual(["item-1", "item-2", "item-3"]);
    expect(entries.map((e) => e.createdAt)).toEqual([...entries.map((e) => e.createdAt)].sort().reverse());
    const all = await page("limit=3");
    expect(all.entries.map((e) => e.entityId)).toEqual(entries.map((e) => e.entityId));
    expect(all.nextCursor).toBeNull();
  });

  it("is read-only for admins and closed to students", async () => {
    const student = await t().signIn("audit-student@example.com");
    expect((await t().request({ url: "/api/admin/audit", cookie: student })).statusCode).toBe(403);
    const cookie = await t().signInAdmin("audit-reader@example.com");
    expect((await t().request({ method: "POST", url: "/api/admin/audit", cookie, payload: {} })).statusCode).toBe(404);
  });
});
