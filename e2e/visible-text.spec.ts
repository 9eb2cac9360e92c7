import { TEXT_MESSAGES } from "../src/shared/messages.js";
import { expect, test, uniqueEmail } from "./fixtures.js";

const RIGHT_TO_LEFT_OVERRIDE = "\u202E";

test("contact form: a hidden direction override is named beside its field and nothing is sent; Tamil is sent as typed", async ({
  page,
  db,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await page.evaluate(() => document.getElementById("contact")?.scrollIntoView());
  const form = page.getByRole("form", { name: "Contact us" });
  await expect(form).toBeVisible();
  let posted = false;
  await page.route("**/api/contact", (route) => {
    posted = true;
    return route.continue();
  });
  const email = uniqueEmail("visible");
  await form.getByLabel("Name").fill(`Kavya${RIGHT_TO_LEFT_OVERRIDE}fdp.exe`);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Subject").fill("Group booking");
  await form.getByLabel("Message").fill("நாங்கள் 40 மாணவர்கள்.\nWorkshops together?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form).toContainText(TEXT_MESSAGES.hiddenInLine);
  await expect(form.getByLabel("Name")).toBeFocused();
  expect(posted).toBe(false);

  await form.getByLabel("Name").fill("கவியா மேனன்");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Message sent!" })).toBeVisible();
  const stored = await db.selectFrom("contact_messages").selectAll().where("email", "=", email).execute();
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ name: "கவியா மேனன்", message: "நாங்கள் 40 மாணவர்கள்.\nWorkshops together?" });
});
