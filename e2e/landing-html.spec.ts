import path from "node:path";
import type { Page } from "@playwright/test";
import { type ConfigData, FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { MESSAGES } from "../src/shared/messages.js";
import { expect, test } from "./fixtures.js";

/** html-validate with the repository's configuration (.htmlvalidate.mjs: the recommended preset and its reasons). */
const validator = new HtmlValidate(new FileSystemConfigLoader());

/**
 * Chromium's serializer, not our code, writes the live document's spelling: `hidden=""` and `required=""`, the
 * whitespace after the body, a doctype of its own. Those spelling rules are left to the page as sent.
 */
const WRITTEN_BY_THE_BROWSER = {
  rules: {
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    "doctype-style": "off",
    "no-trailing-whitespace": "off",
  },
} as const;

async function problemsIn(html: string, options: ConfigData = {}): Promise<string[]> {
  const report = await validator.validateString(html, path.resolve("landing.html"), options);
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId} at ${message.line}:${message.column}: ${message.message}`),
  );
}

/** The problems of the document as the browser holds it now, after hydration and whatever the test opened. */
const problemsNow = async (page: Page) => problemsIn(await page.content(), WRITTEN_BY_THE_BROWSER);

test.describe("the landing page passes html-validate's recommended rules", () => {
  test("as the server sends it", async ({ request }) => {
    const answer = await request.get("/");
    expect(answer.headers()["content-type"]).toContain("text/html");
    expect(await problemsIn(await answer.text())).toEqual([]);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    test(`hydrated at ${viewport.width} px, with the sign-in and the legal dialogs open`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      expect(await problemsNow(page)).toEqual([]);
      await page.getByRole("button", { name: "Sign In / Up" }).filter({ visible: true }).click();
      await expect(page.getByRole("dialog").getByLabel("Email address")).toBeVisible();
      expect(await problemsNow(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.locator("#contact").getByRole("button", { name: MESSAGES.legalLink }).click();
      await expect(page.getByRole("dialog", { name: MESSAGES.legalLink })).toBeVisible();
      expect(await problemsNow(page)).toEqual([]);
    });
  }

  test("hydrated for a visitor who prefers reduced motion (the still grid of stories)", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.locator("#stories li")).toHaveCount(6);
    await expect(page.locator("#stories .landing-wall-column")).toHaveCount(0);
    expect(await problemsNow(page)).toEqual([]);
  });
});
