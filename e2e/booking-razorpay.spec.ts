import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { buildSlot } from "../src/server/test/builders.js";
import { E2E_PORT, expect, latestMessageTo, pickTime, signIn, test, uniqueEmail } from "./fixtures.js";

/**
 * The Razorpay path in the browser: the app runs with PAYMENT_PROVIDER=razorpay against a local
 * server speaking Razorpay's Orders API, and Checkout.js is replaced by a stand-in that answers
 * the way Razorpay Checkout does (handler with order id, payment id and signature; or dismissal).
 */
const KEY_ID = "rzp_test_e2e";
const KEY_SECRET = "razorpay-e2e-key-secret";
const appPort = E2E_PORT + 3000;
const apiPort = E2E_PORT + 4000;
const checkoutPort = E2E_PORT + 5000;
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

/**
 * Razorpay Checkout as the browser meets it, served by a local server on another port and reached
 * at Razorpay's own hosts (the test routes https://checkout.razorpay.com and https://api.razorpay.com
 * to it), so the app's real CSP and COOP apply: checkout.js renders a frame from api.razorpay.com;
 * paying by netbanking there opens the bank's page in a pop-up from that cross-origin frame; the
 * pop-up reports back to its opener (the frame) with window.opener.postMessage, and the frame
 * hands the signed result to checkout.js, which calls the app's handler.
 */
const checkoutPages: Record<string, (url: URL) => string> = {
  "/v1/checkout.js": () => `
window.Razorpay = class {
  constructor(options) { this.options = options; window.razorpayOptions = options; }
  on() {}
  open() {
    const options = this.options;
    const frame = document.createElement("iframe");
    frame.title = "Razorpay Checkout";
    frame.style = "position:fixed;inset:0;width:100%;height:100%;border:0;background:#fff;z-index:99";
    frame.src = "https://api.razorpay.com/v1/checkout/public?" + new URLSearchParams({ order_id: options.order_id });
    window.addEventListener("message", (event) => {
      if (event.origin !== "https://api.razorpay.com") return;
      frame.remove();
      options.handler(event.data);
    });
    document.body.append(frame);
  }
};`,
  "/v1/checkout/public": (url) => `<!doctype html><html lang="en"><title>Razorpay Checkout</title>
<main><h1>Pay by netbanking</h1><button id="pay">Pay with HDFC Bank</button><p id="state" role="status"></p></main>
<script>
const orderId = ${JSON.stringify(url.searchParams.get("order_id"))};
document.getElementById("pay").onclick = () => {
  const bank = window.open("https://api.razorpay.com/v1/payments/bank?" + new URLSearchParams({ order_id: orderId }), "razorpay_bank", "popup,width=500,height=600");
  document.getElementById("state").textContent = bank ? "Complete the payment in the bank's window." : "The bank's window was blocked.";
};
window.addEventListener("message", (event) => {
  if (event.origin !== "https://api.razorpay.com") return;
  document.getElementById("state").textContent = "Paid";
  window.parent.postMessage(event.data, "*");
});
</script></html>`,
  "/v1/payments/bank": (url) => {
    const orderId = url.searchParams.get("order_id") ?? "";
    const paymentId = `pay_e2e${Date.now()}`;
    // Razorpay signs on its servers; the stand-in plays that part.
    const signature = createHmac("sha256", KEY_SECRET).update(`${orderId}|${paymentId}`).digest("hex");
    const result = { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature };
    return `<!doctype html><html lang="en"><title>HDFC Bank NetBanking</title>
<main><h1>HDFC Bank NetBanking</h1><button id="approve">Approve payment</button><p id="opener" role="status"></p></main>
<script>
document.getElementById("opener").textContent = window.opener ? "Connected to the merchant" : "Lost the merchant window";
document.getElementById("approve").onclick = () => {
  window.opener.postMessage(${JSON.stringify(result)}, "https://api.razorpay.com");
  window.close();
};
</script></html>`;
  },
};
const checkoutServer = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "https://api.razorpay.com");
  const page = checkoutPages[url.pathname];
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  const type = url.pathname.endsWith(".js") ? "application/javascript" : "text/html; charset=utf-8";
  res.writeHead(200, { "content-type": type }).end(page(url));
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
  await new Promise<void>((resolve) => checkoutServer.listen(checkoutPort, "127.0.0.1", resolve));
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
      SIGN_IN_EMAIL_RATE_LIMIT: "1000",
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
  await new Promise<void>((resolve) => checkoutServer.close(() => resolve()));
});

/** Razorpay's hosts, answered by the stand-in on its own port (headers and bodies as it serves them). */
async function routeRazorpayToStandIn(context: BrowserContext): Promise<void> {
  for (const host of ["https://checkout.razorpay.com/**", "https://api.razorpay.com/**"]) {
    await context.route(host, async (route) => {
      const url = new URL(route.request().url());
      const response = await fetch(`http://127.0.0.1:${checkoutPort}${url.pathname}${url.search}`);
      await route.fulfill({
        status: response.status,
        contentType: response.headers.get("content-type") ?? "text/plain",
        body: await response.text(),
      });
    });
  }
}

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
  test("a student pays in Razorpay Checkout, the server verifies it and the confirmation opens", async ({
    browser,
  }) => {
    const interviewer = `Farah ${Date.now()}`;
    const slot = await buildSlot(app.deps.db, { interviewer_name: interviewer });
    const context = await browser.newContext({ baseURL });
    const { page, email } = await studentOnRazorpay(context, "pay");
    await page.getByLabel("Service-based").check();
    await pickTime(page, interviewer, slot.start_at);
    await expect(page.getByRole("timer")).toBeVisible();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();

    await expect(page.getByRole("heading", { name: "You're booked!" })).toBeVisible();
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

  test("a bank's pop-up opened from Checkout's cross-origin frame reports back, under the production headers", async ({
    browser,
  }) => {
    const interviewer = `Ishaan ${Date.now()}`;
    const slot = await buildSlot(app.deps.db, { interviewer_name: interviewer });
    const context = await browser.newContext({ baseURL });
    await routeRazorpayToStandIn(context);
    const page = await context.newPage();
    const email = uniqueEmail("rzp-popup");
    await signIn(page, email, "/onboarding?type=mockInterview");
    const headers = (await page.request.get("/onboarding")).headers();
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["content-security-policy"]).toContain(
      "frame-src https://api.razorpay.com https://checkout.razorpay.com",
    );

    await page.getByLabel("Service-based").check();
    await pickTime(page, interviewer, slot.start_at);
    await expect(page.getByRole("timer")).toBeVisible();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    const checkout = page.frameLocator('iframe[title="Razorpay Checkout"]');
    const popup = page.waitForEvent("popup");
    await checkout.getByRole("button", { name: "Pay with HDFC Bank" }).click();
    const bank = await popup;
    await expect(bank.getByRole("status")).toHaveText("Connected to the merchant");
    await expect(checkout.getByRole("status")).toHaveText("Complete the payment in the bank's window.");
    await bank.getByRole("button", { name: "Approve payment" }).click();

    await expect(page.getByRole("heading", { name: "You're booked!" })).toBeVisible();
    const options = await page.evaluate(
      () => (window as unknown as { razorpayOptions: Record<string, unknown> }).razorpayOptions,
    );
    const booking = await app.deps.db
      .selectFrom("bookings")
      .innerJoin("payments", "payments.booking_id", "bookings.id")
      .select(["bookings.status", "payments.status as paymentStatus"])
      .where("payments.order_id", "=", String(options.order_id))
      .executeTakeFirstOrThrow();
    expect(booking).toEqual({ status: "confirmed", paymentStatus: "paid" });
    await latestMessageTo(page.request, email, /^Booking confirmed/);
    await context.close();
  });

  test("closing Razorpay Checkout keeps the seat held for a retry and says so", async ({ browser }) => {
    const interviewer = `Gopal ${Date.now()}`;
    const slot = await buildSlot(app.deps.db, { interviewer_name: interviewer, capacity: 1 });
    const context = await browser.newContext({ baseURL });
    const { page } = await studentOnRazorpay(context, "dismiss");
    await page.getByLabel("Service-based").check();
    await pickTime(page, interviewer, slot.start_at);
    await expect(page.getByRole("timer")).toBeVisible();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The payment did not go through." })).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(`${interviewer} · Held for you`) })).toBeChecked();
    await expect(page.getByRole("button", { name: "Retry payment" })).toBeEnabled();
    await context.close();
  });
});
