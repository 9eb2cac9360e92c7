import { describe, expect, it } from "vitest";
import { CATALOG_KEYS } from "../../../shared/constants.js";
import { createTestApp, describeEachDialect, json, PRODUCTION_ENV } from "../../test/test-app.js";

describeEachDialect("operations endpoints", (t) => {
  it("answers health and readiness", async () => {
    expect(json(await t().request({ url: "/api/health" }))).toEqual({ status: "ok" });
    expect(json(await t().request({ url: "/api/ready" }))).toEqual({ status: "ready" });
  });

  it("answers an unknown API path with a JSON 404 in the one error shape", async () => {
    const res = await t().request({ url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: { code: "NOT_FOUND", message: "No route for GET /api/does-not-exist." } });
  });

  it("answers malformed JSON with a 400, not a 500", async () => {
    const res = await t().request({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      headers: { "content-type": "application/json" },
      payload: "{bad",
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ error: { code: string } }>(res).error.code).toBe("BAD_REQUEST");
  });

  it("describes its routes in an OpenAPI document", async () => {
    const doc = json<{ openapi: string; paths: Record<string, unknown> }>(
      await t().request({ url: "/api/openapi.json" }),
    );
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/ready", "/api/me", "/api/catalog"]),
    );
  });

  it("serves the catalog with the spec's default prices in paise", async () => {
    const { items } = json<{ items: { key: string; available: boolean; pricePaise: number }[] }>(
      await t().request({ url: "/api/catalog" }),
    );
    expect(items.map((i) => i.key)).toEqual([...CATALOG_KEYS]);
    expect(items.find((i) => i.key === "service")).toMatchObject({ available: true, pricePaise: 120_000 });
    expect(items.find((i) => i.key === "maang")).toMatchObject({ available: false, pricePaise: 500_000 });
    expect(items.find((i) => i.key === "int_ml")).toMatchObject({ available: true, pricePaise: 599_900 });
  });

  it("sets security headers with a strict content security policy", async () => {
    const res = await t().request({ url: "/api/health" });
    expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
    expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("when the database goes away", () => {
  it("reports not ready and answers 500 without leaking internals", async () => {
    const testApp = await createTestApp("sqlite");
    try {
      await testApp.app.deps.db.destroy();
      const ready = await testApp.request({ url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(json(ready)).toEqual({ error: { code: "UNAVAILABLE", message: "The database is not reachable." } });
      const catalog = await testApp.request({ url: "/api/catalog" });
      expect(catalog.statusCode).toBe(500);
      expect(json(catalog)).toEqual({
        error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." },
      });
    } finally {
      await testApp.close().catch(() => undefined);
    }
  });
});

describe("in production", () => {
  it("has no development outbox", async () => {
    const testApp = await createTestApp("sqlite", PRODUCTION_ENV);
    try {
      const res = await testApp.request({ url: "/api/dev/outbox" });
      expect(res.statusCode).toBe(404);
      expect(json<{ error: { code: string } }>(res).error.code).toBe("NOT_FOUND");
    } finally {
      await testApp.close();
    }
  });
});
