import { expect, test } from "./fixtures.js";

test.setTimeout(120_000);

test("an integrator reads on /api/docs how operations are signed in and what each error looks like", async ({
  page,
}) => {
  await page.goto("/api/docs");
  // Swagger UI renders the whole document in the browser: give it time on a busy machine.
  await expect(page.getByRole("heading", { name: /CareerPrep API/, level: 1 })).toBeVisible({ timeout: 30_000 });

  // The session cookie is the API's one security scheme.
  await page
    .getByRole("button", { name: /Authorize/ })
    .first()
    .click();
  const dialog = page.locator(".modal-ux");
  await expect(dialog.getByText("sessionCookie")).toBeVisible();
  await expect(dialog.getByText("better-auth.session_token")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // Taking a hold: its errors are listed with their examples in the one error shape.
  await page.getByRole("heading", { name: "booking", level: 3 }).click();
  const summary = page.getByRole("button", { name: /^POST \/api\/holds Hold one seat/ });
  const takeHold = page.locator(".opblock", { has: summary });
  await summary.click();
  for (const status of ["401", "404", "409", "429"]) {
    await expect(takeHold.locator(`tr.response[data-code="${status}"]`)).toBeVisible();
  }
  await expect(takeHold.locator('tr.response[data-code="401"]')).toContainText("UNAUTHENTICATED");
  await expect(takeHold.locator('tr.response[data-code="409"]')).toContainText("SLOT_HELD");
});
