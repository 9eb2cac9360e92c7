import { expect, it } from "vitest";
import { createJobRunner } from "../../infrastructure/jobs/queue.js";
import { findRecentOutboxMessages } from "../../infrastructure/outbox/repository.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";
import { jobHandlers } from "../index.js";

describeEachDialect("tell me when it opens (docs/product.md, Catalog)", (t) => {
  it("a student waiting for an unavailable plan gets one e-mail when an admin makes it available", async () => {
    const student = email("waiting");
    const cookie = await t().signIn(student);
    const first = await t().request({ method: "PUT", url: "/api/me/opening-alerts/maang", cookie });
    expect(json(first)).toEqual({ packages: ["maang"] });
    // Asking twice is the same wish.
    await t().request({ method: "PUT", url: "/api/me/opening-alerts/maang", cookie });
    expect(json(await t().request({ url: "/api/me/opening-alerts", cookie }))).toEqual({ packages: ["maang"] });
    expect((await t().request({ method: "PUT", url: "/api/me/opening-alerts/gold", cookie })).statusCode).toBe(400);
    expect((await t().request({ method: "PUT", url: "/api/me/opening-alerts/maang" })).statusCode).toBe(401);

    const admin = await t().signInAdmin();
    const open = await t().request({
      method: "PUT",
      url: "/api/admin/pricing/maang",
      cookie: admin,
      payload: { available: true, priceRupees: 5000 },
    });
    expect(open.statusCode).toBe(200);
    const runner = createJobRunner(t().app.deps, jobHandlers, "test-worker");
    await runner.runDue();
    await runner.runDue();

    const mails = (await findRecentOutboxMessages(t().app.deps.db, 50)).filter(
      (m) => m.to_address === student && m.subject.includes("open"),
    );
    expect(mails.map((m) => m.subject)).toEqual(["MAANG is open for booking"]);
    expect(mails[0]?.text).toContain("/onboarding?type=mockInterview");
    expect(json(await t().request({ url: "/api/me/opening-alerts", cookie }))).toEqual({ packages: [] });

    // A later closing and opening sends nothing more: the wish was used up.
    for (const available of [false, true]) {
      await t().request({
        method: "PUT",
        url: "/api/admin/pricing/maang",
        cookie: admin,
        payload: { available, priceRupees: 5000 },
      });
    }
    await runner.runDue();
    const after = (await findRecentOutboxMessages(t().app.deps.db, 50)).filter(
      (m) => m.to_address === student && m.subject.includes("open"),
    );
    expect(after).toHaveLength(1);
  });
});
