import { expect, it } from "vitest";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

type ApiError = { error: { code: string; message: string; details?: { name: string; email: string; phone: string } } };
type Interviewer = {
  id: string;
  name: string;
  email: string;
  phone: string;
  qualification: string;
  reviewedBy: string;
};

const person = (change: Record<string, unknown> = {}) => ({
  name: "Meera Rao",
  email: "meera@example.com",
  phone: "+91 98765 43210",
  qualification: "Staff Engineer",
  reviewedBy: "Panel",
  companyTypes: ["service"],
  ...change,
});

describeEachDialect("admin interviewers: edit and delete", (t) => {
  it("edits with the add form's rules and messages, on trimmed values", async () => {
    const cookie = await t().signInAdmin("edit-admin@example.com");
    const created = json<Interviewer>(
      await t().request({ method: "POST", url: "/api/admin/interviewers", cookie, payload: person() }),
    );
    const edit = (change: Record<string, unknown>) =>
      t().request({ method: "PUT", url: `/api/admin/interviewers/${created.id}`, cookie, payload: person(change) });

    expect(json<ApiError>(await edit({ email: "  " })).error.message).toBe("Name and email are required.");
    expect(json<ApiError>(await edit({ qualification: " " })).error.message).toBe("Qualification is required.");
    expect(json<ApiError>(await edit({ companyTypes: [] })).error.message).toBe("Select at least one company type.");

    const saved = await edit({ name: "  Meera R. ", qualification: " Principal Engineer  ", reviewedBy: " Board " });
    expect(saved.statusCode).toBe(200);
    expect(json<Interviewer>(saved)).toMatchObject({
      name: "Meera R.",
      qualification: "Principal Engineer",
      reviewedBy: "Board",
    });
  });

  it("refuses to give an interviewer another interviewer's phone, naming its owner", async () => {
    const cookie = await t().signInAdmin("clash-admin@example.com");
    const owner = person({ name: "Owner", email: "owner@example.com", phone: "+91 90000 55555" });
    await t().request({ method: "POST", url: "/api/admin/interviewers", cookie, payload: owner });
    const other = json<Interviewer>(
      await t().request({
        method: "POST",
        url: "/api/admin/interviewers",
        cookie,
        payload: person({ name: "Other", phone: "+91 90000 66666" }),
      }),
    );
    const clash = await t().request({
      method: "PUT",
      url: `/api/admin/interviewers/${other.id}`,
      cookie,
      payload: person({ name: "Other", phone: "9190000 55555" }),
    });
    expect(clash.statusCode).toBe(409);
    expect(json<ApiError>(clash).error).toMatchObject({
      code: "DUPLICATE_PHONE",
      details: { name: "Owner", email: "owner@example.com", phone: "+91 90000 55555" },
    });
  });

  it("deletes an interviewer while their slots keep the copied name, e-mail and phone", async () => {
    const cookie = await t().signInAdmin("delete-admin@example.com");
    const created = json<Interviewer>(
      await t().request({
        method: "POST",
        url: "/api/admin/interviewers",
        cookie,
        payload: person({ name: "Leaving Soon", phone: "+91 90000 77777" }),
      }),
    );
    const { db } = t().app.deps;
    const slot = await buildSlot(db, {
      interviewer_id: created.id,
      interviewer_name: "Leaving Soon",
      interviewer_email: created.email,
      interviewer_phone: created.phone,
    });
    const removed = await t().request({ method: "DELETE", url: `/api/admin/interviewers/${created.id}`, cookie });
    expect(removed.statusCode).toBe(204);
    const list = json<{ interviewers: Interviewer[] }>(await t().request({ url: "/api/admin/interviewers", cookie }));
    expect(list.interviewers.map((i) => i.id)).not.toContain(created.id);
    const kept = await db.selectFrom("slots").selectAll().where("id", "=", slot.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ interviewer_name: "Leaving Soon", interviewer_phone: created.phone });
    const again = await t().request({ method: "DELETE", url: `/api/admin/interviewers/${created.id}`, cookie });
    expect(again.statusCode).toBe(404);
  });
});
