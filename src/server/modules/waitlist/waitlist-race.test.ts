import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, describeTwoInstances, type TestApp } from "../../test/test-app.js";
import { sweepExpiredSeats } from "../checkout/sweeper.js";
import { countSeatsTaken } from "../seats/repository.js";
import { offerFreedSeatsNow } from "./offers.js";

async function students(t: TestApp, prefix: string, n: number) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const email = `${prefix}-${i}-${randomUUID().slice(0, 6)}@example.com`;
      const cookie = await t.signIn(email);
      return { email, cookie, id: await findUserId(t.app.deps.db, email) };
    }),
  );
}

/** The line of a target as the database has it, in order. */
const lineOf = (t: TestApp, targetId: string) =>
  t.app.deps.db
    .selectFrom("waitlist_entries")
    .select(["user_id", "status"])
    .where("target_id", "=", targetId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

/** Students join one after another, so their order in line is known. */
async function lineUp(t: TestApp, targetId: string, waiting: { cookie: string }[]) {
  for (const who of waiting) {
    const res = await t.request({
      method: "POST",
      url: "/api/waitlist",
      cookie: who.cookie,
      payload: { kind: "mock", targetId },
    });
    expect(res.statusCode).toBe(201);
  }
}

describeEachDialect("waitlist under races", (t) => {
  it("a released seat is offered once, to the first in line, while walk-ins and sweeps race for it", async () => {
    const slot = await buildSlot(t().app.deps.db, { capacity: 1 });
    const [holder] = await students(t(), "holder", 1);
    const waiting = await students(t(), "waiting", 5);
    const walkIns = await students(t(), "walkin", 20);
    const held = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie: holder?.cookie,
      payload: { kind: "mock", targetId: slot.id },
    });
    await lineUp(t(), slot.id, waiting);

    const results = await Promise.all([
      t().request({ method: "DELETE", url: `/api/holds/${held.json().id}`, cookie: holder?.cookie }),
      ...walkIns.map((who) =>
        t().request({
          method: "POST",
          url: "/api/holds",
          cookie: who.cookie,
          payload: { kind: "mock", targetId: slot.id },
        }),
      ),
      ...Array.from({ length: 10 }, () => offerFreedSeatsNow(t().app.deps, "mock", slot.id).then(() => undefined)),
      sweepExpiredSeats(t().app).then(() => undefined),
    ]);
    const walkInCodes = results.slice(1, 21).map((r) => r?.json().error?.code);
    expect(walkInCodes).toEqual(Array(20).fill("SLOT_HELD"));
    expect((await lineOf(t(), slot.id)).map((e) => e.status)).toEqual([
      "offered",
      "waiting",
      "waiting",
      "waiting",
      "waiting",
    ]);
    expect((await lineOf(t(), slot.id))[0]?.user_id).toBe(waiting[0]?.id);
    const taken = await countSeatsTaken(t().app.deps.db, [slot.id], new Date().toISOString(), { waitingLine: false });
    expect(taken.get(slot.id)).toBe(1);
  });
});

/** Two server processes' worth of app on one PostgreSQL: each freed seat is offered exactly once. */
describeTwoInstances("waitlist: two app instances on one PostgreSQL", (apps) => {
  it("three seats released through both instances while both sweep give exactly three offers, in line order", async () => {
    const { first, second } = apps();
    const capacity = 3;
    for (let round = 0; round < 3; round++) {
      const slot = await buildSlot(first.app.deps.db, { capacity });
      const holders = await students(first, `holder${round}`, capacity);
      const waiting = await students(first, `waiting${round}`, 6);
      const holds = await Promise.all(
        holders.map((who) =>
          first.request({
            method: "POST",
            url: "/api/holds",
            cookie: who.cookie,
            payload: { kind: "mock", targetId: slot.id },
          }),
        ),
      );
      await lineUp(first, slot.id, waiting);
      const settled = await Promise.all([
        ...holders.map((who, i) =>
          (i % 2 === 0 ? first.app : second).inject({
            method: "DELETE",
            url: `/api/holds/${holds[i]?.json().id}`,
            // As our own pages do: browsers send Origin on every write.
            headers: { cookie: who.cookie, origin: "http://localhost:3000" },
          }),
        ),
        ...Array.from({ length: 6 }, (_, i) =>
          offerFreedSeatsNow((i % 2 === 0 ? first.app : second).deps, "mock", slot.id),
        ),
        sweepExpiredSeats(first.app),
        sweepExpiredSeats(second),
      ]);
      expect(settled.slice(0, capacity).map((r) => (r as { statusCode: number }).statusCode)).toEqual(
        Array(capacity).fill(204),
      );
      const line = await lineOf(first, slot.id);
      expect(line.map((e) => e.status)).toEqual(["offered", "offered", "offered", "waiting", "waiting", "waiting"]);
      expect(line.slice(0, 3).map((e) => e.user_id)).toEqual(waiting.slice(0, 3).map((w) => w.id));
    }
  });
});
