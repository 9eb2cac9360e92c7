import { describe, expect, it } from "vitest";
import { z } from "zod";
import { adminBookingSchema } from "../../shared/schemas/admin.js";
import { auditPageSchema } from "../../shared/schemas/audit.js";
import { catalogResponseSchema } from "../../shared/schemas/catalog.js";
import { dashboardSchema } from "../../shared/schemas/dashboard.js";
import { insightsSchema } from "../../shared/schemas/insights.js";
import { scorecardSchema } from "../../shared/schemas/scorecards.js";
import { answerSerializerCompiler, checkedInPlace } from "./answer-serializer.js";

// docs/decisions/0446-answers-checked-in-place.md
const writerFor = (schema: z.ZodType) =>
  answerSerializerCompiler({ verify: true })({ schema, method: "GET", url: "/test", httpStatus: "200" });

const session = z.object({
  id: z.string(),
  kind: z.enum(["mock", "workshop"]),
  key: z.union([z.enum(["service", "product"]), z.templateLiteral(["ws_", z.string().regex(/^[a-z]+$/)])]),
  seats: z.number().int().min(0).max(5),
  note: z.string().nullable(),
  tags: z.array(z.string()).max(3),
  rating: z.number().optional(),
  before: z.record(z.string(), z.unknown()).nullable(),
});
const page = z.object({ sessions: z.array(session), nextCursor: z.string().nullable() });

const answer = () => ({
  // Keys in another order than the schema's: written as they are, never rebuilt.
  nextCursor: null,
  sessions: [
    { seats: 2, id: "b1", kind: "mock", key: "service", note: null, tags: ["dsa"], before: { status: "held" } },
    {
      id: "b2",
      kind: "workshop",
      key: "ws_resume",
      seats: 5,
      note: "Bring a laptop",
      tags: [],
      before: null,
      rating: 4.5,
    },
  ],
});

describe("answers checked in place", () => {
  it("writes an answer its schema fully describes as it is, keys in the answer's own order", () => {
    const data = answer();
    const text = writerFor(page)(data);
    expect(text).toBe(JSON.stringify(data));
    expect(text.startsWith('{"nextCursor":null,"sessions":[{"seats":2')).toBe(true);
  });

  it("leaves out a key the schema does not name, as Zod's encoder does", () => {
    const data = answer();
    Object.assign(data.sessions[0] as object, { userEmail: "student@example.com" });
    const text = writerFor(page)(data);
    expect(text).not.toContain("student@example.com");
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(answer())));
  });

  it.each([
    ["a count that is not a whole number", { seats: 1.5 }],
    ["a count beyond its maximum", { seats: 6 }],
    ["a value outside its enum", { kind: "internship" }],
    ["a key that does not match its pattern", { key: "ws_Resume" }],
    ["too many items", { tags: ["a", "b", "c", "d"] }],
    ["a missing required value", { note: undefined }],
    ["a number that is not finite", { rating: Number.POSITIVE_INFINITY }],
  ])("refuses %s with Zod's error, as before", (_, change) => {
    const data = answer();
    Object.assign(data.sessions[1] as object, change);
    expect(() => writerFor(page)(data)).toThrow(/Response doesn't match the schema/);
  });

  it("with `exact`, as the API tests run, names the route whose answer has more than its schema", () => {
    const exact = answerSerializerCompiler({ verify: true, exact: true })({
      schema: page,
      method: "GET",
      url: "/api/me",
      httpStatus: "200",
    });
    expect(exact(answer())).toBe(JSON.stringify(answer()));
    const data = answer();
    Object.assign(data.sessions[0] as object, { userEmail: "student@example.com" });
    expect(() => exact(data)).toThrow("GET /api/me: the answer has more than its schema names; return only its keys");
  });

  it("lets Zod rewrite a value its schema rewrites (a trimmed name)", () => {
    const named = z.object({ name: z.string().trim() });
    expect(writerFor(named)({ name: "  Asha " })).toBe('{"name":"Asha"}');
    expect(writerFor(named)({ name: "Asha" })).toBe('{"name":"Asha"}');
  });

  it("keeps Zod's encoder for a schema with a refinement", () => {
    const refined = z.object({ from: z.string(), to: z.string() }).refine((p) => p.from <= p.to);
    expect(checkedInPlace(refined)).toBe(false);
    expect(writerFor(refined)({ to: "2026-11-02", from: "2026-11-01" })).toBe(
      '{"from":"2026-11-01","to":"2026-11-02"}',
    );
    expect(() => writerFor(refined)({ from: "2026-11-02", to: "2026-11-01" })).toThrow();
  });

  it("checks the heavy pages' answers in place: dashboard, console, Insights, audit log, catalog, scorecards", () => {
    const consolePage = z.object({ bookings: z.array(adminBookingSchema), nextCursor: z.string().nullable() });
    for (const schema of [
      dashboardSchema,
      consolePage,
      insightsSchema,
      auditPageSchema,
      catalogResponseSchema,
      scorecardSchema,
    ]) {
      expect(checkedInPlace(schema)).toBe(true);
    }
  });
});
