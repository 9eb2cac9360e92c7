import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import { addDays, zonedDate } from "../../../shared/time.js";
import { buildInterviewer } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

type Answer = { id?: string; error?: { code: string; message: string; field?: string } };
const inDays = (n: number) => addDays(zonedDate(new Date(), "Asia/Kolkata"), n);

const save = (t: TestApp, cookie: string, payload: Record<string, unknown>, id?: string) =>
  t.request({ method: id ? "PUT" : "POST", url: id ? `/api/admin/slots/${id}` : "/api/admin/slots", cookie, payload });

describeEachDialect("slot rules a scheduler needs", (t) => {
  it("refuses a slot that overlaps the same interviewer's, beside the start field, and allows back-to-back ones", async () => {
    const admin = await t().signInAdmin();
    const rahul = await buildInterviewer(t().app.deps.db, { name: "Rahul Menon" });
    const other = await buildInterviewer(t().app.deps.db, { name: "Asha Rao" });
    const day = inDays(4);
    const slot = (start: string, end: string, interviewerId = rahul.id) => ({ interviewerId, date: day, start, end });

    const first = json<Answer>(await save(t(), admin, slot("19:00", "19:45")));
    const clash = await save(t(), admin, slot("19:30", "20:15"));
    expect(clash.statusCode).toBe(409);
    const { error } = json<Answer>(clash);
    expect(error?.field).toBe("start");
    expect(error?.message).toMatch(/^Rahul Menon already has a slot at \w{3}, \d{1,2} \w{3} 19:00–19:45\. /);
    expect(error?.message.endsWith("Pick a time that does not overlap it.")).toBe(true);

    expect((await save(t(), admin, slot("19:45", "20:30"))).statusCode).toBe(201);
    expect((await save(t(), admin, slot("19:15", "20:00", other.id))).statusCode).toBe(201);
    // Moving a slot within its own time is not a clash with itself.
    expect((await save(t(), admin, slot("19:00", "19:40"), first.id)).statusCode).toBe(200);
    expect((await save(t(), admin, slot("19:30", "20:00"), first.id)).statusCode).toBe(409);

    await t().request({ method: "POST", url: `/api/admin/slots/${first.id}/cancel`, cookie: admin, payload: {} });
    expect((await save(t(), admin, slot("19:00", "19:30"))).statusCode).toBe(201);
  });

  it("refuses a capacity of 0 instead of saving it as 1", async () => {
    const admin = await t().signInAdmin();
    const person = await buildInterviewer(t().app.deps.db);
    const res = await save(t(), admin, {
      interviewerId: person.id,
      date: inDays(6),
      start: "10:00",
      end: "10:45",
      capacity: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(json<Answer>(res).error?.message).toBe(ADMIN_MESSAGES.capacityAtLeastOne);
  });
});
