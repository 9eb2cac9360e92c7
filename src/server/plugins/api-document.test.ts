import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { FastifyReply, FastifyRequest } from "fastify";
import { expect, it } from "vitest";
import { z } from "zod";
import { ERROR_STATUS } from "../../shared/errors.js";
import { takeContractViolations } from "../test/api-contract.js";
import { createTestApp, describeEachDialect, json, type TestApp } from "../test/test-app.js";

type Media = { schema?: Record<string, unknown>; examples?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, Media> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
    examples: Record<string, { value: { error: { code: string } } }>;
  };
};

const execFileAsync = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, "../../..");

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${route}`, route, op })),
  );

/** Redocly's CLI on the document, with the repository's config and its list of warnings kept on purpose. */
async function redoclyLint(doc: Document): Promise<{ totals: Record<string, number>; problems: unknown[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-openapi-"));
  try {
    fs.writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(doc));
    for (const file of ["redocly.yaml", ".redocly.lint-ignore.yaml"])
      fs.copyFileSync(path.join(REPO, file), path.join(dir, file));
    const cli = path.join(REPO, "node_modules/@redocly/cli/bin/cli.js");
    const run = await execFileAsync(process.execPath, [cli, "lint", "openapi.json", "--format=json"], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    }).catch((failed: { stdout: string }) => failed);
    return JSON.parse(run.stdout) as { totals: Record<string, number>; problems: unknown[] };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const documentOf = async (t: TestApp) => json<Document>(await t.request({ url: "/api/openapi.json" }));

describeEachDialect("the API document", (t) => {
  it("passes Redocly's recommended rules with no error and no warning beyond those kept on purpose", async () => {
    const doc = await documentOf(t());
    expect(doc.openapi).toBe("3.1.0");
    const lint = await redoclyLint(doc);
    expect(lint.problems).toEqual([]);
    expect(lint.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("names every operation once and says how each is authenticated", async () => {
    const doc = await documentOf(t());
    const operations = operationsOf(doc);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => id && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.components.securitySchemes.sessionCookie).toEqual(
      expect.objectContaining({ type: "apiKey", in: "cookie", name: "better-auth.session_token" }),
    );
    const signedInOnly = operations.filter(({ op }) => op.security?.length === 1 && op.security[0]?.sessionCookie);
    expect(signedInOnly.map(({ key }) => key)).toEqual(
      expect.arrayContaining(["POST /api/holds", "GET /api/admin/slots"]),
    );
    expect(signedInOnly.filter(({ op }) => !op.responses["401"]).map(({ key }) => key)).toEqual([]);
    const admin = operations.filter(({ route }) => route.startsWith("/api/admin/"));
    expect(admin.filter(({ op }) => !op.responses["401"] || !op.responses["403"]).map(({ key }) => key)).toEqual([]);
    expect(operations.find(({ key }) => key === "GET /api/catalog")?.op.security).toEqual([]);
  });

  it("refers every error of ours to the one ApiError schema, with an example of each status", async () => {
    const doc = await documentOf(t());
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["ApiError", "Hold", "SlotListing", "Certificate", "AuditEntry"]),
    );
    expect(doc.paths["/api/holds"]?.post?.responses["201"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/Hold",
    });
    for (const { key, route, op } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400 || route.startsWith("/api/auth/")) continue;
        const media = response.content?.["application/json"];
        expect({ key, status, schema: media?.schema }).toEqual({
          key,
          status,
          schema: { $ref: "#/components/schemas/ApiError" },
        });
        expect(Object.keys(media?.examples ?? {}).length, `${key} ${status}`).toBeGreaterThan(0);
      }
    }
    for (const example of Object.values(doc.components.examples)) {
      expect(Object.keys(ERROR_STATUS)).toContain(example.value.error.code);
    }
  });

  it("gives files and streams their media types, and 204s no body", async () => {
    const doc = await documentOf(t());
    const mediaTypes = (route: string, method = "get", status = "200") =>
      Object.keys(doc.paths[route]?.[method]?.responses[status]?.content ?? {});
    expect(mediaTypes("/api/certificates/{code}/pdf")).toEqual(["application/pdf"]);
    expect(mediaTypes("/api/me/bookings/{id}/receipt.pdf")).toEqual(["application/pdf"]);
    expect(mediaTypes("/api/me/bookings/{id}/calendar.ics")).toEqual(["text/calendar"]);
    expect(mediaTypes("/api/admin/invoices.csv")).toEqual(["text/csv"]);
    expect(mediaTypes("/api/slots/stream")).toEqual(["text/event-stream"]);
    expect(mediaTypes("/api/me/export")).toEqual(["application/json"]);
    for (const [route, method] of [
      ["/api/holds/{id}", "delete"],
      ["/api/holds/{id}/release", "post"],
      ["/api/me", "delete"],
      ["/api/admin/interviewers/{id}", "delete"],
    ] as const) {
      expect(doc.paths[route]?.[method]?.responses).toHaveProperty("204");
      expect(doc.paths[route]?.[method]?.responses["204"]?.content).toBeUndefined();
      expect(doc.paths[route]?.[method]?.responses["200"]).toBeUndefined();
    }
    const webhook = doc.paths["/api/payments/razorpay/webhook"]?.post as Operation & { requestBody?: unknown };
    expect(JSON.stringify(webhook.requestBody)).toContain("order_id");
    const auditEntry = doc.components.schemas.AuditEntry as {
      properties: { before: { anyOf: Array<{ type?: string }> } };
    };
    expect(auditEntry.properties.before.anyOf.map((branch) => branch.type)).toEqual(["object", "null"]);
  });

  it("lists the sign-in routes our pages call, and /api/docs shows the same document", async () => {
    const doc = await documentOf(t());
    for (const route of ["sign-in/magic-link", "magic-link/verify", "sign-in/social", "sign-out", "get-session"]) {
      expect(Object.keys(doc.paths)).toContain(`/api/auth/${route}`);
    }
    const page = json<Document>(await t().request({ url: "/api/docs/json" }));
    expect(page.components.securitySchemes).toEqual(doc.components.securitySchemes);
    expect(page.components.examples).toEqual(doc.components.examples);
  });

  it("catches an answer whose status, media type or body the document does not declare", async () => {
    const probe = await createTestApp(t().dialect);
    const { app } = probe;
    // A throwaway route, as a careless change would write it: it declares 200 and answers otherwise.
    app.get(
      "/api/contract-probe/:mode",
      {
        schema: {
          operationId: "probeContract",
          params: z.object({ mode: z.enum(["teapot", "text", "shape", "kept"]) }),
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { mode } = request.params as { mode: string };
        if (mode === "teapot") return reply.status(418).send({ ok: false });
        if (mode === "text") return reply.type("text/plain").send("ok");
        if (mode === "shape") return reply.type("application/json").send(JSON.stringify({ ok: "yes" }));
        return { ok: true };
      },
    );
    for (const mode of ["teapot", "text", "shape", "kept"]) await probe.request({ url: `/api/contract-probe/${mode}` });
    await probe.close();
    expect(takeContractViolations().map(({ status, problem }) => `${status} ${problem}`)).toEqual([
      "418 answered 418, which the document does not declare",
      "200 answered 200 as text/plain, not declared",
      "200 body /ok must be boolean",
    ]);
  });
});
