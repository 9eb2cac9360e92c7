import { randomBytes, randomUUID } from "node:crypto";
import { insertContactMessage } from "../src/server/modules/contact/repository.js";
import { expect, expectNoA11yViolations, latestMessageTo, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

test.describe("an admin answers a contact message", () => {
  test("replies from the inbox: the sender gets the mail and the thread keeps the reply", async ({ page, db }) => {
    test.slow();
    const sender = uniqueEmail("asker");
    const subject = `Placement question ${randomBytes(3).toString("hex")}`;
    // Stored as the contact form stores it; the form itself (and its per-address limit) has its own tests.
    await insertContactMessage(db, {
      id: randomUUID(),
      name: "Kavya",
      email: sender,
      subject,
      message: "Do you help with off-campus drives?",
      handled_at: null,
      created_at: new Date().toISOString(),
    });

    await signInAsAdmin(page);
    await page.goto("/admin?section=messages");
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: subject }) });
    await expect(item.getByText("New")).toBeVisible();
    await item.getByRole("button", { name: new RegExp(`^Reply\\W+${subject}$`) }).click();
    await item
      .getByLabel(`Reply to Kavya (${sender})`)
      .fill("Yes. Book a product-based mock first; we cover them there.");
    await expectNoA11yViolations(page);
    await item.getByRole("button", { name: "Send reply" }).click();

    await expect(item.getByText(`Reply sent to ${sender}.`)).toBeVisible();
    const reply = item.locator("[data-reply]");
    await expect(reply).toHaveCount(1);
    await expect(reply).toContainText("Yes. Book a product-based mock first; we cover them there.");
    await expect(reply).toContainText(/mailed .+ IST/);
    await expect(item.getByText("New")).toHaveCount(0);
    await expect(item.getByRole("button", { name: new RegExp(`^Mark unhandled\\W+${subject}$`) })).toBeVisible();

    const mail = await latestMessageTo(page.request, sender, new RegExp(`^Re: ${subject}$`));
    expect(mail.text).toContain("Yes. Book a product-based mock first; we cover them there.");
    expect(mail.text).toContain("> Do you help with off-campus drives?");

    await page.reload();
    await expect(item.locator("[data-reply]")).toContainText("Yes. Book a product-based mock first", {
      timeout: 30_000,
    });
  });
});
