import { buildBooking, buildInterviewer, buildSlot } from "../src/server/test/builders.js";
import { weekStartMonday, zonedDate, zonedTime } from "../src/shared/time.js";
import {
  expect,
  expectNoA11yViolations,
  latestMessageTo,
  signIn,
  signInAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures.js";

const IST = "Asia/Kolkata";
const HOUR = 3_600_000;

/** A half hour a few hours ahead (inside the 12-hour window) that starts and ends on one IST day. */
function soonInsideWindow() {
  for (let hours = 2; hours < 12; hours++) {
    const start = new Date(Math.ceil((Date.now() + hours * HOUR) / 300_000) * 300_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    if (zonedDate(start, IST) === zonedDate(end, IST)) {
      return { date: zonedDate(start, IST), start: zonedTime(start, IST), end: zonedTime(end, IST) };
    }
  }
  throw new Error("no same-day half hour in the next 12 hours");
}

test("moving a booked slot tells the student, who may then cancel even inside 12 hours", async ({
  page,
  browser,
  db,
}) => {
  const email = uniqueEmail("moved");
  const student = await (await browser.newContext()).newPage();
  await signIn(student, email, "/dashboard");
  const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const name = `Moving Interviewer ${Date.now() % 1e6}`;
  const interviewer = await buildInterviewer(db, { name });
  const slotStart = new Date(Date.now() + 30 * HOUR);
  const slot = await buildSlot(db, {
    interviewer_id: interviewer.id,
    interviewer_name: name,
    start_at: slotStart.toISOString(),
    end_at: new Date(slotStart.getTime() + 45 * 60_000).toISOString(),
  });
  await buildBooking(db, { user_id: user.id, target_id: slot.id });

  await signInAsAdmin(page);
  if (weekStartMonday(zonedDate(slotStart, IST)) !== weekStartMonday(zonedDate(new Date(), IST))) {
    await page.getByRole("button", { name: "Next week" }).click();
  }
  await page
    .getByRole("listitem", { name: new RegExp(`with ${name}$`) })
    .getByRole("button", { name: /^Edit/ })
    .click();
  const dialog = page.getByRole("dialog", { name: /^Edit slot/ });
  await expect(dialog).toContainText("1 student has paid for this slot. If you change its time");
  await expectNoA11yViolations(page);
  const soon = soonInsideWindow();
  await dialog.getByLabel("Date").fill(soon.date);
  await dialog.getByLabel("Start").fill(soon.start);
  await dialog.getByLabel("End").fill(soon.end);
  await dialog.getByRole("button", { name: "Save slot" }).click();
  await expect(dialog).toBeHidden();

  const mail = await latestMessageTo(student.request, email, /^New time:/);
  expect(mail.text).toContain("even within 12 hours of the start");
  await student.goto("/dashboard?tab=interviews");
  await expect(student.getByRole("button", { name: /Notifications, \d+ unread/ })).toBeVisible();
  await expect(student.getByRole("button", { name: "Cancel", exact: true })).toBeVisible();
  await expectNoA11yViolations(student);
});
