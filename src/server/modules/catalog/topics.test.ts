import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import type { HoldDto } from "../../../shared/schemas/booking.js";
import { buildInterviewer, buildWorkshop } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

type ApiError = { error: { code: string; message: string } };
type Item = { key: string; label: string; available: boolean; pricePaise: number };
const admin = (t: TestApp) => t.signInAdmin(`topics-${randomUUID().slice(0, 8)}@example.com`);
const catalog = async (t: TestApp) => json<{ items: Item[] }>(await t.request({ url: "/api/catalog" })).items;
const addTopic = (t: TestApp, cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/api/admin/topics", cookie, payload });

describeEachDialect("workshop topics and internship tracks as the admin's data", (t) => {
  it("keeps the topics and tracks the product had, in their order, with their names and prices", async () => {
    const items = await catalog(t());
    expect(items.map((i) => [i.key, i.label, i.pricePaise])).toEqual([
      ["service", "Service-based", 120_000],
      ["product", "Product-based", 180_000],
      ["maang", "MAANG", 500_000],
      ["ws_resume", "Resume workshop", 69_900],
      ["ws_dsa", "DSA workshop", 99_900],
      ["ws_systemdesign", "System Design workshop", 129_900],
      ["ws_web", "Web workshop", 79_900],
      ["ws_mobile", "Mobile workshop", 89_900],
      ["ws_ai_tooling", "AI tooling workshop", 89_900],
      ["int_frontend", "Frontend internship", 499_900],
      ["int_backend", "Backend internship", 499_900],
      ["int_ml", "Machine learning internship", 599_900],
      ["int_mobile", "Mobile internship", 499_900],
      ["int_product", "Product internship", 399_900],
    ]);
  });

  it("an admin adds a topic with its price: the catalog lists it after the others and its sessions sell at that price", async () => {
    const cookie = await admin(t());
    const added = await addTopic(t(), cookie, {
      kind: "workshop",
      label: "  Cloud   workshop ",
      priceRupees: 1099,
      available: true,
    });
    expect(added.statusCode).toBe(201);
    expect(json<Item>(added)).toMatchObject({ key: "ws_cloud_workshop", label: "Cloud workshop", pricePaise: 109_900 });
    const keys = (await catalog(t())).map((i) => i.key);
    expect(keys.indexOf("ws_cloud_workshop")).toBe(keys.indexOf("ws_ai_tooling") + 1);

    const again = await addTopic(t(), cookie, {
      kind: "workshop",
      label: "cloud WORKSHOP",
      priceRupees: 5,
      available: true,
    });
    expect([again.statusCode, json<ApiError>(again).error.message]).toEqual([409, ADMIN_MESSAGES.topicExists]);
    const blank = await addTopic(t(), cookie, { kind: "internship", label: " ", priceRupees: 5, available: true });
    expect([blank.statusCode, json<ApiError>(blank).error.message]).toEqual([400, ADMIN_MESSAGES.topicLabelRequired]);
    const student = await t().signIn(`student-${randomUUID().slice(0, 8)}@example.com`);
    expect(
      (await addTopic(t(), student, { kind: "workshop", label: "Mine", priceRupees: 5, available: true })).statusCode,
    ).toBe(403);

    const session = await buildWorkshop(t().app.deps.db, { topic_key: "ws_cloud_workshop", title: "Cloud basics" });
    const hold = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie: student,
      payload: { kind: "workshop", targetId: session.id },
    });
    expect(hold.statusCode).toBe(201);
    expect(json<HoldDto>(hold)).toMatchObject({ packageKey: "ws_cloud_workshop" });
  });

  it("renames a topic everywhere it is listed; removes one nothing uses and keeps one in use", async () => {
    const cookie = await admin(t());
    const renamed = await t().request({
      method: "PUT",
      url: "/api/admin/topics/int_product",
      cookie,
      payload: { label: "Product management internship" },
    });
    expect(json<Item>(renamed)).toMatchObject({ key: "int_product", label: "Product management internship" });
    expect((await catalog(t())).find((i) => i.key === "int_product")).toMatchObject({
      label: "Product management internship",
      pricePaise: 399_900,
    });
    const clash = await t().request({
      method: "PUT",
      url: "/api/admin/topics/int_product",
      cookie,
      payload: { label: "Mobile internship" },
    });
    expect(clash.statusCode).toBe(409);

    await buildWorkshop(t().app.deps.db, { topic_key: "ws_web" });
    const inUse = await t().request({ method: "DELETE", url: "/api/admin/topics/ws_web", cookie });
    expect([inUse.statusCode, json<ApiError>(inUse).error.message]).toEqual([409, ADMIN_MESSAGES.topicInUse]);
    await addTopic(t(), cookie, { kind: "internship", label: "Game development", priceRupees: 2999, available: false });
    const removed = await t().request({ method: "DELETE", url: "/api/admin/topics/int_game_development", cookie });
    expect(removed.statusCode).toBe(204);
    const keys = (await catalog(t())).map((i) => i.key);
    expect(keys).toContain("ws_web");
    expect(keys).not.toContain("int_game_development");
    const mock = await t().request({ method: "DELETE", url: "/api/admin/topics/service", cookie });
    expect(mock.statusCode).toBe(404);
  });

  it("marks mentors only of a track the catalog has", async () => {
    const cookie = await admin(t());
    const mentor = await buildInterviewer(t().app.deps.db, { email: `mentor-${randomUUID().slice(0, 8)}@example.com` });
    const mark = (trackKey: string) =>
      t().request({
        method: "PUT",
        url: `/api/admin/interviewers/${mentor.id}/mentor-track`,
        cookie,
        payload: { trackKey },
      });
    const unknown = await mark("int_game_development");
    expect([unknown.statusCode, json<ApiError>(unknown).error.message]).toEqual([400, ADMIN_MESSAGES.topicNotFound]);
    await addTopic(t(), cookie, { kind: "internship", label: "Game development", priceRupees: 2999, available: true });
    expect((await mark("int_game_development")).statusCode).toBe(200);
  });
});
