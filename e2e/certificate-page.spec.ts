import { randomUUID } from "node:crypto";
import { buildBooking, buildSlot, findUserId } from "../src/server/test/builders.js";
import { CERTIFICATE_MESSAGES } from "../src/shared/messages.js";
import { expect, expectNoA11yViolations, signIn, test, uniqueEmail } from "./fixtures.js";

test("a shared certificate link previews the holder and the certificate, without running any script", async ({
  page,
  browser,
  db,
}) => {
  const email = uniqueEmail("shared");
  await signIn(page, email, "/dashboard");
  const userId = await findUserId(db, email);
  const slot = await buildSlot(db, { start_at: new Date(Date.now() - 48 * 3_600_000).toISOString() });
  const booking = await buildBooking(db, { user_id: userId, target_id: slot.id, status: "completed" });
  const code = `CP-${randomUUID().slice(0, 4).toUpperCase()}-SHAR-EDOG-TEST`.replace(/[^A-Z0-9-]/g, "7");
  await db
    .insertInto("certificates")
    .values({
      id: randomUUID(),
      code,
      user_id: userId,
      booking_id: booking.id,
      kind: "workshop",
      award: "attendance",
      details: null,
      recipient_name: "Ishaan D'Souza",
      title: "DSA & problem solving (Intermediate)",
      issued_at: new Date().toISOString(),
      revoked_at: null,
    })
    .execute();
  const preview = "Ishaan D'Souza: DSA & problem solving (Intermediate)";

  // A link-preview crawler: no JavaScript, only the HTML the server sends.
  const crawler = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await crawler.goto(`/certificates/${code}`);
  await expect(crawler).toHaveTitle(`${preview} · CareerPrep`);
  await expect(crawler.locator('meta[property="og:title"]')).toHaveAttribute("content", preview);
  await expect(crawler.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    /^Ishaan D'Souza · DSA & problem solving \(Intermediate\)\. Workshop certificate of attendance, issued on /,
  );
  await expect(crawler.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    new RegExp(`/certificates/${code}$`),
  );
  await expect(crawler.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

  // A visitor: the page itself, under the same title.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/certificates/${code}`);
  await expect(visitor.getByText(CERTIFICATE_MESSAGES.pageVerified)).toBeVisible();
  await expect(visitor.getByText("Ishaan D'Souza")).toBeVisible();
  await expect(visitor).toHaveTitle(`${preview} · CareerPrep`);
  await expectNoA11yViolations(visitor);

  await visitor.goto("/certificates/CP-0000-0000-0000-0000");
  await expect(visitor).toHaveTitle(`${CERTIFICATE_MESSAGES.pageNotFound} · CareerPrep`);
  await expect(visitor.getByText(CERTIFICATE_MESSAGES.notFound)).toBeVisible();
  await expect(visitor.locator('meta[property^="og:"]')).toHaveCount(0);
  await expectNoA11yViolations(visitor);
});
