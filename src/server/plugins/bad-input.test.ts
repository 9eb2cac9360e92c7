import fc from "fast-check";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { ERROR_STATUS } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";
import { buildBooking, buildInternship, buildSlot, buildWorkshop, findUserId } from "../test/builders.js";
import { describeEachDialect, type TestApp } from "../test/test-app.js";

/**
 * Every operation of the OpenAPI document, as anonymous, student and admin, with generated
 * malformed ids, queries and bodies: never a 5xx, always the one error shape, and a refused
 * request writes nothing (docs/security.md, Bad input).
 */

const MIN_REQUESTS = 3000;
const ORIGIN = "http://localhost:3000";
// Counting every request is what a rate limit is for; no other table may change on a refusal.
const WRITTEN_BY_REFUSALS = new Set(["rate_limit_hits"]);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
};
type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: JsonSchema | undefined;
};
type Generated = {
  pathValues: Record<string, string>;
  query: string;
  payload: string | undefined;
  contentType: string | undefined;
};

function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    // Server-sent event streams never end; their own tests cover them.
    if (path.endsWith("/stream")) continue;
    // better-auth's own routes, listed in the document since it describes them, are not ours to fuzz
    // here: plugins/auth.ts and infrastructure/auth test them.
    if (path.startsWith("/api/auth/")) continue;
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
        body: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "null",
    "0",
    "-1",
    "1e309",
    "NaN",
    "../../etc/passwd",
    "%00",
    "\u0000",
    "'; drop table bookings; --",
    "<script>alert(1)</script>",
    "__proto__",
    "constructor",
    "2026-02-30",
    "25:99",
    "+91",
    "😀".repeat(200),
  ),
  fc.uuid(),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => "x".repeat(n)),
);

const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** A plausible value, so that some requests get past the first check and reach deeper rules. */
function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return anyValue;
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(plausible));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object") return objectFor(schema);
  if (type === "array") return fc.array(plausible(schema.items), { maxLength: 3 });
  if (type === "integer" || type === "number") return fc.integer({ min: -5, max: 100 });
  if (type === "boolean") return fc.boolean();
  return fc.oneof(
    fc.constantFrom("x", "2026-12-01", "19:00", "service", "+919845012345"),
    fc.string({ maxLength: 12 }),
  );
}

/** The schema's fields, each plausible, wrong, or left out, plus unknown fields. */
function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fc.option(
      fc.oneof(plausible(property), anyValue).map((value) => [name, value] as const),
      { nil: undefined },
    ),
  );
  const unknown = fc.dictionary(
    fc.constantFrom("extra", "isAdmin", "userId", "amountPaise", "status", "__proto__"),
    anyValue,
    {
      maxKeys: 2,
    },
  );
  return fc.tuple(fc.tuple(...fields), unknown).map(([known, extra]) => ({
    ...extra,
    ...Object.fromEntries(known.filter((entry) => entry !== undefined)),
  }));
}

const deepNesting = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
  .map(([depth, asArray]) =>
    asArray ? "[".repeat(depth) + "]".repeat(depth) : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  );

const invalidJson = fc.oneof(
  fc.constantFrom("{", '{"a":', "[1,2", "nul", "{'a':1}", '{"a":1}}', "", " ", "\u0000", '{"__proto__":{"x":1}}'),
  fc.string({ maxLength: 30 }),
);

function bodyFor(op: Operation): fc.Arbitrary<{ payload: string | undefined; contentType: string | undefined }> {
  const json = (value: fc.Arbitrary<unknown>) => value.map((v) => JSON.stringify(v) ?? "null");
  const asJson = (payload: fc.Arbitrary<string>) =>
    payload.map((p) => ({ payload: p, contentType: "application/json" as string | undefined }));
  return fc.oneof(
    { arbitrary: asJson(json(objectFor(op.body ?? {}))), weight: 4 },
    { arbitrary: asJson(json(anyValue)), weight: 2 },
    { arbitrary: asJson(invalidJson), weight: 2 },
    { arbitrary: asJson(deepNesting), weight: 1 },
    {
      arbitrary: fc.integer({ min: 200_000, max: 400_000 }).map((n) => ({
        payload: JSON.stringify({ text: "x".repeat(n) }),
        contentType: "application/json" as string | undefined,
      })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          json(objectFor(op.body ?? {})),
          fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "application/json; charset=utf-16",
            "application/xml",
            undefined,
          ),
        )
        .map(([payload, contentType]) => ({ payload, contentType })),
      weight: 2,
    },
    { arbitrary: fc.constant({ payload: undefined, contentType: undefined }), weight: 1 },
  );
}

function queryFor(op: Operation): fc.Arbitrary<string> {
  const names = fc.constantFrom(...op.queryParams, "unknown", "__proto__", "limit");
  const pair = fc
    .tuple(names, fc.oneof(nastyString, fc.integer().map(String)))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  const raw = fc.constantFrom("%", "a=%E0%A4%A", "=&=", "a[b]=1", "a=1&a=2&a=3");
  return fc.array(fc.oneof(pair, raw), { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.join("&")}` : ""));
}

function idFor(known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    nastyString.map((s) => encodeURIComponent(s) || "%20"),
    fc.constantFrom("%", "%E0%A4%A", "a%2Fb", "..", ".", "%2e%2e"),
    fc.constantFrom(...known),
  );
}

function requestFor(op: Operation, knownIds: string[]): fc.Arbitrary<Generated> {
  const pathValues = fc.record(Object.fromEntries(op.pathParams.map((name) => [name, idFor(knownIds)])));
  const body = ["POST", "PUT", "PATCH", "DELETE"].includes(op.method)
    ? bodyFor(op)
    : fc.constant({ payload: undefined, contentType: undefined });
  return fc
    .tuple(pathValues, queryFor(op), body)
    .map(([values, query, b]) => ({ pathValues: values as Record<string, string>, query, ...b }));
}

type Table = { name: string; updatedColumn: string | undefined };

/**
 * What a refused request must leave as it was, in one round trip: each table's row count and, where
 * the table has one, its latest update time, so an in-place UPDATE shows as well as an INSERT or DELETE.
 */
async function fingerprint(t: TestApp, tables: Table[]): Promise<Record<string, string>> {
  const columns = sql.join(
    tables.flatMap(({ name, updatedColumn }) => [
      sql`(select count(*) from ${sql.table(name)}) as ${sql.id(`${name}:rows`)}`,
      ...(updatedColumn
        ? [sql`(select max(${sql.ref(updatedColumn)}) from ${sql.table(name)}) as ${sql.id(`${name}:updated`)}`]
        : []),
    ]),
  );
  const { rows } = await sql<Record<string, unknown>>`select ${columns}`.execute(t.app.deps.db);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, String(v)]));
}

describeEachDialect("answers to requests that cannot be read", (t) => {
  const errorOf = (res: { body: string }) => JSON.parse(res.body) as { error: { code: string; message: string } };

  it("a path that is not valid percent-encoding: 400 in the error shape", async () => {
    const res = await t().request({ method: "DELETE", url: "/api/holds/%E0%A4%A", cookie: undefined });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error).toEqual({ code: "BAD_REQUEST", message: API_MESSAGES.unreadable });
  });

  it("an id longer than the router accepts: 414 in the error shape", async () => {
    const res = await t().request({ url: `/api/certificates/${"x".repeat(1000)}` });
    expect(res.statusCode).toBe(414);
    expect(errorOf(res).error).toEqual({ code: "BAD_REQUEST", message: API_MESSAGES.tooLarge });
  });

  it("a NUL character anywhere in the path, query or body: 400 on both databases, nothing looked up", async () => {
    const student = await t().signIn("nul@example.com");
    const inPath = await t().request({ url: "/api/certificates/CP%00X" });
    const inQuery = await t().request({ url: "/api/slots?package=service%00" });
    const inBody = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie: student,
      headers: { origin: ORIGIN },
      payload: { kind: "mock", targetId: "slot\u0000" },
    });
    for (const res of [inPath, inQuery, inBody]) {
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error).toEqual({ code: "VALIDATION", message: API_MESSAGES.invalidRequest });
    }
  });

  it("invalid JSON and a body over 256 kB", async () => {
    const headers = { origin: ORIGIN, "content-type": "application/json" };
    const broken = await t().request({ method: "POST", url: "/api/contact", headers, payload: '{"name":' });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).error).toEqual({ code: "BAD_REQUEST", message: API_MESSAGES.unreadable });
    const huge = await t().request({
      method: "POST",
      url: "/api/contact",
      headers,
      payload: JSON.stringify({ message: "x".repeat(300_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).error).toEqual({ code: "BAD_REQUEST", message: API_MESSAGES.tooLarge });
  });
});

describeEachDialect(
  "bad input on every operation of the API",
  (t) => {
    it(`answers at least ${MIN_REQUESTS} malformed requests without a 5xx, in the error shape, writing nothing`, async () => {
      const db = t().app.deps.db;
      const student = await t().signIn("fuzz-student@example.com");
      const admin = await t().signInAdmin("fuzz-admin@example.com");
      const [slot, workshop, internship] = [await buildSlot(db), await buildWorkshop(db), await buildInternship(db)];
      const booking = await buildBooking(db, {
        user_id: await findUserId(db, "fuzz-student@example.com"),
        target_id: slot.id,
      });
      const knownIds = [slot.id, workshop.id, internship.id, booking.id, "fuzz-admin@example.com", "service"];

      const operations = operationsOf((await t().request({ url: "/api/openapi.json" })).json());
      expect(operations.length).toBeGreaterThan(50);
      const tables: Table[] = (await db.introspection.getTables())
        .filter((table) => !WRITTEN_BY_REFUSALS.has(table.name))
        .map((table) => ({
          name: table.name,
          updatedColumn: table.columns.find((c) => c.name === "updated_at" || c.name === "updatedAt")?.name,
        }));
      expect(tables.filter((table) => table.updatedColumn).length).toBeGreaterThan(5);
      // An in-place update, which leaves every count as it was, changes the fingerprint.
      const untouched = await fingerprint(t(), tables);
      const later = new Date(Date.now() + 60_000).toISOString();
      await db.updateTable("bookings").set({ updated_at: later }).where("id", "=", booking.id).execute();
      expect(await fingerprint(t(), tables)).not.toEqual(untouched);
      const identities = [
        { who: "anonymous", cookie: undefined },
        { who: "student", cookie: student },
        { who: "admin", cookie: admin },
      ];
      const runsEach = Math.ceil(MIN_REQUESTS / (operations.length * identities.length));
      let sent = 0;

      for (const op of operations) {
        for (const { who, cookie } of identities) {
          await fc.assert(
            fc.asyncProperty(requestFor(op, knownIds), async (req) => {
              const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => req.pathValues[name] ?? "") + req.query;
              const before = await fingerprint(t(), tables);
              const res = await t().request({
                method: op.method as "GET",
                url,
                cookie,
                headers: { origin: ORIGIN, ...(req.contentType ? { "content-type": req.contentType } : {}) },
                ...(req.payload !== undefined ? { payload: req.payload } : {}),
              });
              sent++;
              const label = `${who} ${op.method} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
              expect(res.statusCode, label).toBeLessThan(500);
              if (res.statusCode < 400) return;
              expect(res.headers["content-type"], label).toMatch(/^application\/json/);
              const body = res.json<{ error?: { code?: string; message?: unknown } }>();
              expect(Object.keys(body), label).toEqual(["error"]);
              expect(Object.keys(ERROR_STATUS), label).toContain(body.error?.code);
              expect(typeof body.error?.message === "string" && body.error.message.length > 0, label).toBe(true);
              expect(await fingerprint(t(), tables), label).toEqual(before);
            }),
            { numRuns: runsEach },
          );
        }
      }
      expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    }, 600_000);
  },
  {
    HOLD_RATE_LIMIT: "1000000",
    CHECKOUT_RATE_LIMIT: "1000000",
    OTP_SEND_RATE_LIMIT: "1000000",
    OTP_VERIFY_RATE_LIMIT: "1000000",
    CONTACT_RATE_LIMIT: "1000000",
  },
);
