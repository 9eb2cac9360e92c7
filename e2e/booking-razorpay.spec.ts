import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { buildSlot } from "../src/server/test/builders.js";
import { E2E_PORT, expect, latestMessageTo, signIn, test, uniqueEmail } from "./fixtures.js";

/**
 * The Razorpay path in the browser: the app runs with PAYMENT_PROVIDER=razorpay against a local
 * server speaking Razorpay's Orders API, and Checkout.js is replaced by a stand-in that answers
 * the way Razorpay Checkout does (handler with order id, payment id and signature; or dismissal).
 */
const KEY_ID = "rzp_test_e2e";
const KEY_SECRET = "razorpay-e2e-key-secret";
const appPort = E2E_PORT + 3000;
const apiPort = E2E_PORT + 4000;
const baseURL = `http://localhost:${appPort}`;

const orders: { amount: number; currency: string; receipt: string }[] = [];
const razorpayApi = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    res.setHeader("content-type", "application/json");
    if (req.method === "POST" && req.url === "/v1/orders") {
      const order = JSON.parse(body) as { amount: number; currency: string; receipt: string };
      orders.push(order);
      res.end(JSON.stringify({ id: `order_e2e${orders.length}${Date.now()}`, entity: "order", ...order }));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { code: "BAD_REQUEST_ERROR" } }));
  });
});

/** Checkout.js stand-in: records its options, then pays (signing as Razorpay would) or is closed. */
function fakeCheckoutScript(outcome: "pay" | "dismiss"): string {
  return `
window.Razorpay = class {
  constructor(options) { this.options = options; window.razorpayOptions = options; }
  on() {}
  open() {
    const options = this.options;
    if (${JSON.stringify(outcome)} === "dismiss") { setTimeout(() => options.modal.ondismiss(), 50); return; }
    const paymentId = "pay_e2e" + Date.now();
    fetch("/__sign?" + new URLSearchParams({ order: options.order_id, payment: paymentId }))
      .then((r) => r.text())
      .then((signature) => options.handler({
        razorpay_order_id: options.order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      }));
  }
};`;
}

let app: FastifyInstance;

test.beforeAll(async () => {
  await new Promise<void>((resolve) => razorpayApi.listen(apiPort, "127.0.0.1", resolve));
  const work = path.resolve(".tmp", `e2e-${E2E_PORT}`);
  const dbFile = path.join(work, "razorpay.db");
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbFile + suffix, { force: true });
  app = await buildApp(
    loadConfig({
      NODE_ENV: "test",
      PORT: String(appPort),
      PUBLIC_URL: baseURL,
      DATABASE_URL: `file:${dbFile}`,
      CLIENT_DIR: path.join(work, "client"),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      SIGN_IN_RATE_LIMIT: "1000",
      PAYMENT_PROVIDER: "razorpay",
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: "razorpay-e2e-webhook-secret",
      RAZORPAY_API_URL: `http://127.0.0.1:${apiPort}`,
    }),
    { startWorkers: false },
  );
  await app.listen({ port: appPort, host: "127.0.0.1" });
});

test.afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => razorpayApi.close(() => resolve()));
});

async function studentOnRazorpay(
  context: BrowserContext,
  outcome: "pay" | "dismiss",
): Promise<{ page: Page; email: string }> {
  await context.route("https://checkout.razorpay.com/v1/checkout.js", (route) =>
    route.fulfill({ contentType: "application/javascript", body: fakeCheckoutScript(outcome) }),
  );
  // Razorpay signs in its own servers; here the test plays that part for the stand-in.
  await context.route("**/__sign?*", (route) => {
    const url = new URL(route.request().url());
    const signed = createHmac("sha256", KEY_SECRET)
      .update(`${url.searchParams.get("order")}|${url.searchParams.get("payment")}`)
      .digest("hex");
    return route.fulfill({ contentType: "text/plain", body: signed });
  });
  const page = await context.newPage();
  const email = uniqueEmail(`rzp-${outcome}`);
  await signIn(page, email, "/onboarding?type=mockInterview");
  return { page, email };
}

test.describe("booking with Razorpay Checkout", () => {
  test("a student pays in Razorpay Checkout, the server verifies it and the profile step opens", async ({
    browser,
  }) => {
    const interviewer = `Farah ${Date.now()}`;
    await buildSlot(app.deps.db, { interviewer_name: interviewer });
    const context = await browser.newContext({ baseURL });
    const { page, email } = await studentOnRazorpay(context, "pay");
    await page.getByLabel("Service-based").check();
    await page.getByRole("button", { name: new RegExp(interviewer) }).click();
    await expect(page.getByRole("timer")).toBeVisible();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();

    await expect(page.getByRole("heading", { name: "Complete your profile" })).toBeVisible();
    const options = await page.evaluate(
      () => (window as unknown as { razorpayOptions: Record<string, unknown> }).razorpayOptions,
    );
    expect(options).toMatchObject({ key: KEY_ID, amount: 120_000, currency: "INR" });
    expect(orders.at(-1)).toMatchObject({ amount: 120_000, currency: "INR" });
    const booking = await app.deps.db
      .selectFrom("bookings")
      .innerJoin("payments", "payments.booking_id", "bookings.id")
      .select(["bookings.status", "payments.order_id", "payments.status as paymentStatus"])
      .where("payments.order_id", "=", String(options.order_id))
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    await latestMessageTo(page.request, email, /^Booking confirmed/);
    await context.close();
  });

  test("closing Razorpay Checkout releases the seat and says so", async ({ browser }) => {
    const interviewer = `Gopal ${Date.now()}`;
    await buildSlot(app.deps.db, { interviewer_name: interviewer, capacity: 1 });
    const context = await browser.newContext({ baseURL });
    const { page } = await studentOnRazorpay(context, "dismiss");
    await page.getByLabel("Service-based").check();
    await page.getByRole("button", { name: new RegExp(interviewer) }).click();
    await expect(page.getByRole("timer")).toBeVisible();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The payment did not go through." })).toBeVisible();
    await expect(page.getByRole("button", { name: new RegExp(`${interviewer} · 1 seat left`) })).toBeEnabled();
    await context.close();
  });
});
