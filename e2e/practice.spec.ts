import type { Page } from "@playwright/test";
import { DOMAIN_LABELS, PRACTICE_CSV_COLUMNS, PRACTICE_MINUTES } from "../src/shared/constants.js";
import { PRACTICE_MESSAGES } from "../src/shared/messages.js";
import type { PracticePage } from "../src/shared/schemas/practice.js";
import { expect, expectNoA11yViolations, signIn, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

const NARROW = { width: 375, height: 740 };

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
}

test.describe("practice at 375 px", () => {
  test.use({ viewport: NARROW });

  test("a student practises a domain: hints on demand, done and saved marks kept, a timed round adds practice time", async ({
    page,
    db,
  }) => {
    await signIn(page, uniqueEmail("practice"), "/practice");
    await expect(page.getByRole("heading", { level: 1, name: "Practice questions" })).toBeVisible();
    await page.getByLabel("Domain").selectOption({ label: DOMAIN_LABELS.pm });
    const expected = (await (await page.request.get("/api/practice/questions?domain=pm")).json()) as PracticePage;
    await expect(page.getByRole("heading", { level: 2, name: `${expected.total} questions` })).toBeVisible();
    const first = expected.questions[0];
    if (!first) throw new Error("the starter bank has product management questions");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: first.prompt }) });

    // By keyboard: the help opens in place.
    const help = card.getByRole("button", { name: /^Show (model answer|hints)$/ });
    await help.focus();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("button", { name: /^Hide / })).toHaveAttribute("aria-expanded", "true");
    await expect(card.getByText(first.modelAnswer ?? first.hints[0] ?? "")).toBeVisible();

    await card.getByRole("button", { name: "Done" }).click();
    await expect(card.getByRole("button", { name: "Done" })).toHaveAttribute("aria-pressed", "true");
    await card.getByRole("button", { name: "Saved" }).click();
    await expect(card.getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);

    await page.reload();
    await page.getByLabel("Show").selectOption({ label: "Saved questions" });
    await expect(page.getByRole("heading", { level: 2, name: "1 question" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3 })).toHaveText([first.prompt]);
    await expect(page.getByRole("button", { name: "Done" })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: "Start timer" }).click();
    await expect(page.getByRole("button", { name: "Finish round" })).toBeVisible();
    // The round began a whole round ago, as far as the server knows: it counts one round's minutes, no more.
    await db
      .updateTable("practice_rounds")
      .set({ started_at: new Date(Date.now() - 40 * 60_000).toISOString() })
      .where("finished_at", "is", null)
      .execute();
    await page.getByRole("button", { name: "Finish round" }).click();
    await expect(
      page.getByText(`Round finished: ${PRACTICE_MINUTES} minutes added to your practice time.`),
    ).toBeVisible();

    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByText("Practice time", { exact: true }).locator("..")).toContainText(
      `${PRACTICE_MINUTES} min`,
    );
  });
});

test("an admin imports a CSV file: bad lines are named and nothing is imported, then the valid lines on request", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin?section=practice");
  const topic = `Imported ${Date.now()}`;
  const row = (domain: string, question: string) =>
    [domain, "product", topic, "medium", question, "", "Start from the user|Say how you would measure it"].join(",");
  const csv = [
    PRACTICE_CSV_COLUMNS.join(","),
    row("pm", `How would you grow a campus food app? ${topic}`),
    row("marketing", `Sell me this pen. ${topic}`),
    row("pm", `Prioritise three features for a placement portal. ${topic}`),
  ].join("\n");
  const form = page.getByRole("form", { name: "Import questions" });
  await form
    .getByLabel("CSV file")
    .setInputFiles({ name: "questions.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByRole("alert")).toContainText(`Imported 0 questions. ${PRACTICE_MESSAGES.importedNothing}`);
  await expect(form.getByRole("list", { name: "Rejected lines" })).toHaveText(
    `Line 3: ${PRACTICE_MESSAGES.domainInvalid}`,
  );

  await form.getByLabel("Import the valid lines even if some have errors").check();
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByText("Imported 2 questions.")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel("Domain", { exact: true }).last().selectOption({ label: DOMAIN_LABELS.pm });
  const bank = page.getByRole("list", { name: "Questions" });
  const imported = bank.getByRole("listitem").filter({ hasText: `How would you grow a campus food app? ${topic}` });
  await expect(imported).toContainText(`${topic} · Medium · Product-based · 2 hints`);

  await imported.getByRole("button", { name: /^Edit/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit question" });
  await dialog.getByLabel("Difficulty").selectOption({ label: "Hard" });
  await dialog.getByLabel("Hints").fill("");
  await dialog.getByRole("button", { name: "Save question" }).click();
  await expect(dialog.getByText(PRACTICE_MESSAGES.answerOrHints)).toBeVisible();
  await dialog
    .getByLabel("Model answer")
    .fill("Find the students' biggest pain, test one change, measure weekly orders.");
  await dialog.getByRole("button", { name: "Save question" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(imported).toContainText(`${topic} · Hard · Product-based · model answer`);
});
