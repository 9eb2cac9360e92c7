import type { Locator, Page } from "@playwright/test";
import { buildBooking, buildSlot, findUserId } from "../src/server/test/builders.js";
import { practiceQuestionsClaim } from "../src/shared/claims.js";
import { formatPaise } from "../src/shared/money.js";
import type { CatalogResponse } from "../src/shared/schemas/catalog.js";
import { expect, expectNoA11yViolations, signIn, test, uniqueEmail } from "./fixtures.js";

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 375, height: 740 };
const HERO_BUTTONS = [
  { name: "Book Mock Interview", type: "mockInterview" },
  { name: "Apply for Internship", type: "internship" },
  { name: "Join Workshop", type: "workshop" },
] as const;
const TAB_NAMES: Record<string, string> = {
  mockInterview: "Mock Interview",
  internship: "Internship",
  workshop: "Workshop",
};

const hero = (page: Page) => page.locator("#home");
const sectionTabs = (page: Page) => page.getByRole("navigation", { name: "Sections" });

/** The section's top is at the top of the viewport (under the fixed bar), give or take a few pixels. */
async function expectScrolledTo(page: Page, id: string, timeout?: number) {
  await expect
    .poll(
      () =>
        page.evaluate((target) => Math.abs(document.getElementById(target)?.getBoundingClientRect().top ?? 1e6), id),
      { timeout },
    )
    .toBeLessThan(5);
}

/**
 * Lower sections render as they come near, and the ones above can still grow after the scroll (on a
 * busy machine, for seconds), so the place is re-taken every two seconds until the layout has settled.
 */
async function goToSection(page: Page, id: string) {
  await expect(async () => {
    await page.evaluate((target) => document.getElementById(target)?.scrollIntoView(), id);
    await expectScrolledTo(page, id, 2_000);
  }).toPass({ timeout: 20_000 });
}

async function openFaq(page: Page) {
  await goToSection(page, "faq");
  await expect(page.getByRole("tab", { name: "Mock Interviews" })).toBeVisible();
}

async function faqQuestions(page: Page): Promise<Locator> {
  return page.getByRole("tabpanel").getByRole("button");
}

async function contactForm(page: Page): Promise<Locator> {
  await goToSection(page, "contact");
  const form = page.getByRole("form", { name: "Contact us" });
  await expect(form).toBeVisible();
  return form;
}

async function fillContact(form: Locator, email: string) {
  await form.getByLabel("Name").fill("Kavya Menon");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Subject").fill("Group booking for our college");
  await form.getByLabel("Message").fill("We are 40 final-year students. Can we book workshops together?");
}

test.describe("landing page", () => {
  test("scroll-spy: the active tab follows scrolling and clicks, with the highlight under it", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto("/");
    const tabs = sectionTabs(page);
    const current = tabs.locator('[aria-current="location"]');
    await expect(current).toHaveText("Home");

    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 900);
    await expect(current).toHaveText("Interviews");
    // Snap scrolling: the wheel ends with the next section filling the screen.
    await expectScrolledTo(page, "mockInterview");

    await tabs.getByRole("link", { name: "FAQ" }).click();
    await expectScrolledTo(page, "faq");
    await expect(current).toHaveText("FAQ");
    await expect(page).toHaveURL(/#faq$/);

    // The highlight slides under the active tab.
    const highlight = tabs.locator('span[aria-hidden="true"]');
    await expect
      .poll(async () => {
        const [bar, tab] = await Promise.all([highlight.boundingBox(), current.boundingBox()]);
        return bar && tab ? Math.abs(bar.x - tab.x) + Math.abs(bar.width - tab.width) : 1e6;
      })
      .toBeLessThan(2);

    await tabs.getByRole("link", { name: "Workshops" }).click();
    await expectScrolledTo(page, "workshop");
    await expect(current).toHaveText("Workshops");

    await page.mouse.wheel(0, -900);
    await expect(current).toHaveText("Internships");
    // Tabs only on large screens: no quick links, and the one account button sits in the top bar.
    await expect(page.getByRole("navigation", { name: "Quick links" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Sign In / Up" })).toHaveCount(1);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In / Up" })).toBeVisible();
  });

  test("below 768 px: FAQ and Contact on top, the sign-in button in a fixed bottom bar", async ({ page }) => {
    await page.setViewportSize(NARROW);
    await page.goto("/");
    await expect(sectionTabs(page)).toBeHidden();
    const quick = page.getByRole("navigation", { name: "Quick links" });
    await expect(quick.getByRole("link")).toHaveText(["FAQ", "Contact"]);

    const bottom = page.getByRole("button", { name: "Sign In / Up" });
    await expect(bottom).toHaveCount(1);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In / Up" })).toHaveCount(0);
    const atBottom = async () => {
      const box = await bottom.boundingBox();
      return box ? Math.round(NARROW.height - (box.y + box.height)) : -1;
    };
    const before = await atBottom();
    expect(before).toBeGreaterThanOrEqual(0);
    expect(before).toBeLessThan(30);

    await quick.getByRole("link", { name: "Contact" }).click();
    await expectScrolledTo(page, "contact");
    expect(await atBottom()).toBe(before);
    await quick.getByRole("link", { name: "FAQ" }).click();
    await expectScrolledTo(page, "faq");

    await bottom.click();
    await expect(page.getByRole("dialog", { name: "Sign in or create your account" })).toBeVisible();
  });

  test("signed out, each hero button opens sign-in and Learn More scrolls to its section", async ({ page }) => {
    await page.setViewportSize(WIDE);
    for (const { name, type } of HERO_BUTTONS) {
      await page.goto("/");
      await hero(page).getByRole("button", { name }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Email address")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/$/);

      const card = hero(page)
        .getByRole("article")
        .filter({ has: page.getByRole("button", { name }) });
      await card.getByRole("button", { name: "Learn More" }).click();
      await expectScrolledTo(page, type);
    }
  });

  test("signed in without a booking, the hero buttons and Dashboard go to onboarding", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await signIn(page, uniqueEmail("landing"));
    for (const { name, type } of HERO_BUTTONS) {
      await page.goto("/");
      await hero(page).getByRole("button", { name }).click();
      await expect(page).toHaveURL(new RegExp(`/onboarding\\?type=${type}$`));
    }
    await page.goto("/");
    await page.getByRole("button", { name: "Dashboard" }).first().click();
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("signed in with a confirmed booking, the hero buttons still book their kind and Dashboard goes to the dashboard", async ({
    page,
    db,
  }) => {
    await page.setViewportSize(WIDE);
    const email = uniqueEmail("booked");
    await signIn(page, email);
    const slot = await buildSlot(db);
    await buildBooking(db, { user_id: await findUserId(db, email), target_id: slot.id });
    for (const { name, type } of HERO_BUTTONS) {
      await page.goto("/");
      await hero(page).getByRole("button", { name }).click();
      await expect(page).toHaveURL(new RegExp(`/onboarding\\?type=${type}$`));
      await expect(page.getByRole("tab", { selected: true, name: TAB_NAMES[type] })).toBeVisible();
    }
    await page.goto("/");
    await page.getByRole("button", { name: "Dashboard" }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.setViewportSize(NARROW);
    await page.goto("/");
    await page.getByRole("button", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("when the booking status cannot be read, the hero button logs it and goes to onboarding", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await signIn(page, uniqueEmail("unreadable"));
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Dashboard" }).first()).toBeVisible();
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.route("**/api/me", (route) => route.abort("connectionrefused"));
    await hero(page).getByRole("button", { name: "Join Workshop" }).click();
    await expect(page).toHaveURL(/\/onboarding\?type=workshop$/);
    expect(warnings).toContain("Failed to get booking status");
  });

  test("service sections show the catalog's prices and availability, whatever they are", async ({ page }) => {
    await page.setViewportSize(WIDE);
    // Prices no build could contain: the page can only have read them from the catalog.
    await page.route("**/api/catalog", async (route) => {
      const response = await route.fetch();
      const catalog = (await response.json()) as CatalogResponse;
      const items = catalog.items.map((item) =>
        item.key === "service"
          ? { ...item, pricePaise: 123_456, available: true }
          : item.key === "ws_dsa"
            ? { ...item, pricePaise: 77_700, available: false }
            : item,
      );
      await route.fulfill({ response, json: { ...catalog, items } });
    });
    await page.goto("/");
    const service = page.locator("#mockInterview").getByRole("listitem").filter({ hasText: "Service-based" });
    await expect(service).toContainText(formatPaise(123_456));
    await expect(service).toContainText("Available");
    await goToSection(page, "workshop");
    const dsa = page.locator("#workshop").getByRole("listitem").filter({ hasText: "DSA" });
    await expect(dsa).toContainText(formatPaise(77_700));
    await expect(dsa).toContainText("Not available");
  });

  test("the hero's claims are worded from the catalog's figures, and one without data is not made", async ({
    page,
  }) => {
    await page.setViewportSize(NARROW);
    let feedbackMinutes: CatalogResponse["feedbackMinutes"] = null;
    let served: CatalogResponse | undefined;
    await page.route("**/api/catalog", async (route) => {
      const response = await route.fetch();
      served = { ...((await response.json()) as CatalogResponse), feedbackMinutes };
      await route.fulfill({ response, json: served });
    });
    await page.goto("/");
    const claims = hero(page).getByRole("listitem");
    await expect(claims.filter({ hasText: "practice questions" })).toBeVisible();
    const practice = practiceQuestionsClaim(served?.practiceQuestions ?? 0);
    if (!practice) throw new Error("the starter bank backs a practice claim");
    await expect(claims).toHaveText(["Built for campus placements", practice]);
    await expect(page.getByText(/50k\+|under 10 minutes/)).toHaveCount(0);

    feedbackMinutes = { median: 7, p90: 19, sessions: 31 };
    await page.reload();
    await expect(claims).toHaveText(["Built for campus placements", "Feedback within 7 minutes (median)", practice]);
    await expectNoA11yViolations(page);
  });

  test("a failed e-mail link shows a banner and the page stays usable", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto("/?signin=failed");
    const banner = page.getByRole("alert").filter({ hasText: "That sign-in link has expired or was already used." });
    await expect(banner).toHaveText(/Request a new one\./);
    await banner.getByRole("button", { name: "Request a new link" }).click();
    await expect(page.getByRole("dialog").getByLabel("Email address")).toBeVisible();
    await expect(banner).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test("FAQ from 768 px: 18/10/8 questions, answers as hover and focus tooltips, prices from the catalog", async ({
    page,
  }) => {
    await page.setViewportSize(WIDE);
    await page.goto("/");
    await openFaq(page);
    const questions = await faqQuestions(page);
    await expect(page.getByRole("tab", { name: "Mock Interviews" })).toHaveAttribute("aria-selected", "true");
    await expect(questions).toHaveCount(18);

    const pricing = questions.filter({ hasText: "what do they cost" });
    await pricing.hover();
    const tooltip = page.getByRole("tooltip").filter({ visible: true });
    await expect(tooltip).toHaveCount(1);
    const catalog = (await (await page.request.get("/api/catalog")).json()) as CatalogResponse;
    const service = catalog.items.find((item) => item.key === "service");
    expect(service).toBeDefined();
    await expect(tooltip).toContainText(formatPaise(service?.pricePaise ?? 0));
    await page.mouse.move(5, 400);
    await expect(tooltip).toHaveCount(0);

    // Keyboard: focusing a question shows its answer, described by the tooltip.
    await questions.first().focus();
    await expect(tooltip).toHaveCount(1);
    const describedBy = await questions.first().getAttribute("aria-describedby");
    await expect(tooltip).toHaveAttribute("id", describedBy ?? "");
    await page.keyboard.press("Tab");
    await expect(tooltip).toHaveCount(1);
    await expect(questions.nth(1)).toBeFocused();

    // Switching tabs closes the open answer.
    await page.getByRole("tab", { name: "Internships" }).click();
    await expect(tooltip).toHaveCount(0);
    await expect(questions).toHaveCount(10);
    await page.getByRole("tab", { name: "Internships" }).press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Workshops" })).toHaveAttribute("aria-selected", "true");
    await expect(questions).toHaveCount(8);
  });

  test("FAQ below 768 px: tap to expand, one open at a time, tap again to close, tabs close it", async ({ page }) => {
    await page.setViewportSize(NARROW);
    await page.goto("/");
    await openFaq(page);
    const questions = await faqQuestions(page);
    await expect(questions).toHaveCount(18);
    const [first, second] = [questions.nth(0), questions.nth(1)];
    const answerOf = async (question: Locator) =>
      page.locator(`[id="${await question.getAttribute("aria-controls")}"]`);

    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(await answerOf(first)).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(await answerOf(first)).toBeHidden();
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(await answerOf(second)).toBeHidden();

    await first.click();
    await page.getByRole("tab", { name: "Workshops" }).click();
    await expect(questions).toHaveCount(8);
    await expect(page.getByRole("tabpanel").locator('[aria-expanded="true"]')).toHaveCount(0);
    await page.getByRole("tab", { name: "Mock Interviews" }).click();
    await expect(first).toHaveAttribute("aria-expanded", "false");
  });

  test("contact: a message is sent, stored, and the form comes back empty", async ({ page, db }) => {
    await page.setViewportSize(WIDE);
    await page.goto("/");
    const form = await contactForm(page);
    await expect(page.locator("#contact")).toContainText("within 24 hours");
    const email = uniqueEmail("contact");
    await fillContact(form, email);

    // Hold the request so the sending state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByRole("button", { name: "Sending…" })).toBeDisabled();
    release();

    await expect(page.getByRole("heading", { name: "Message sent!" })).toBeVisible();
    const stored = await db.selectFrom("contact_messages").selectAll().where("email", "=", email).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: "Kavya Menon", subject: "Group booking for our college" });

    await page.getByRole("button", { name: "Send another message" }).click();
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(form.getByLabel("Message")).toHaveValue("");
  });

  test("a section the visitor reaches before the browser is idle works at once", async ({ page }) => {
    // The sections below the top are hydrated when the browser is idle, or when reached (hydrate-later.tsx):
    // here the browser is never idle, so only reaching them hydrates them.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.setViewportSize(WIDE);
    await page.goto("/");
    await hero(page).getByRole("button", { name: "Book Mock Interview" }).click();
    // The dialog's ids are its own, whatever has not been hydrated yet.
    await expect(page.getByRole("dialog").getByLabel("Email address")).toBeVisible();
    await page.keyboard.press("Escape");

    await openFaq(page);
    await page.getByRole("tab", { name: "Internships" }).click();
    await expect(page.getByRole("tab", { name: "Internships" })).toHaveAttribute("aria-selected", "true");

    const form = await contactForm(page);
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form).toContainText("Enter your name.");
    await expect(form.getByLabel("Name")).toBeFocused();
    const ids = await page.evaluate(() => [...document.querySelectorAll("[id]")].map((element) => element.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("contact: missing and malformed fields are named, nothing is sent", async ({ page }) => {
    await page.setViewportSize(NARROW);
    await page.goto("/");
    const form = await contactForm(page);
    let posted = false;
    await page.route("**/api/contact", (route) => {
      posted = true;
      return route.continue();
    });
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form).toContainText("Enter your name.");
    await expect(form).toContainText("Enter your email address.");
    await expect(form).toContainText("Enter a subject.");
    await expect(form).toContainText("Enter your message.");
    await expect(form.getByLabel("Name")).toBeFocused();

    await fillContact(form, "kavya@");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form).toContainText("Enter a valid email address");
    await expect(form).not.toContainText("Enter your name.");
    await expect(form.getByLabel("Email")).toBeFocused();
    expect(posted).toBe(false);
  });

  test("contact: a filled honeypot gets the same answer and stores nothing", async ({ page, db }) => {
    await page.setViewportSize(WIDE);
    await page.goto("/");
    const form = await contactForm(page);
    const email = uniqueEmail("bot");
    await fillContact(form, email);
    await form.locator('input[name="website"]').fill("http://spam.example", { force: true });
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent!" })).toBeVisible();
    const stored = await db.selectFrom("contact_messages").select("id").where("email", "=", email).execute();
    expect(stored).toHaveLength(0);
  });

  test("contact: a failure is shown and what was typed stays", async ({ page, db }) => {
    await page.setViewportSize(WIDE);
    await page.goto("/");
    const form = await contactForm(page);
    const email = uniqueEmail("offline");
    await fillContact(form, email);
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByRole("alert")).toContainText("Your message could not be sent.");
    await expect(form.getByRole("alert")).toContainText("What you typed is still here");
    await expect(form.getByLabel("Email")).toHaveValue(email);
    await expect(form.getByLabel("Message")).toHaveValue(/40 final-year students/);
    await expect(form.getByRole("button", { name: "Send message" })).toBeEnabled();

    // Back online, the same text goes through.
    await page.unroute("**/api/contact");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent!" })).toBeVisible();
    const stored = await db.selectFrom("contact_messages").select("id").where("email", "=", email).execute();
    expect(stored).toHaveLength(1);
  });

  test("legal dialog: every heading, closes by Escape, backdrop and Close, focus comes back", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto("/");
    await goToSection(page, "contact");
    const link = page.locator("#contact").getByRole("button", { name: "Terms, Privacy Policy, and Legal Information" });
    const dialog = page.getByRole("dialog", { name: "Terms, Privacy Policy, and Legal Information" });

    await link.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Sep 10, 2025");
    for (const heading of [
      /data we collect/i,
      /cookies/i,
      /delet/i,
      /security/i,
      /changes/i,
      /definitions/i,
      /circumvent/i,
      /fees/i,
      /hyperlink/i,
      /iframes/i,
      /rights/i,
      /disclaimer/i,
      /governing law/i,
      /entire agreement/i,
      /contact/i,
    ]) {
      await expect(dialog.getByRole("heading", { name: heading }).first()).toBeAttached();
    }
    await expect(dialog).toContainText("Bengaluru");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // Focus is trapped: Tab never reaches the page behind the dialog.
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press("Tab");
      const outside = await dialog.evaluate((element) => {
        const active = document.activeElement;
        return active !== null && active !== document.body && !element.contains(active);
      });
      expect(outside).toBe(false);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();

    await link.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();

    await link.click();
    await dialog.getByRole("button", { name: "Close dialog" }).click();
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
  });

  test("stories: a floating wall sized by width, a still grid of six with reduced motion", async ({ page }) => {
    const stories = (p: Page) => p.locator("#stories").locator("ul:not([aria-hidden]) > li");
    await page.setViewportSize(WIDE);
    await page.goto("/");
    await goToSection(page, "stories");
    await expect(stories(page)).toHaveCount(28);
    const durations = await page
      .locator("#stories .landing-wall-column")
      .evaluateAll((columns) => columns.map((c) => getComputedStyle(c).animationName));
    expect(durations.every((name) => name === "landing-drift")).toBe(true);

    await page.setViewportSize(NARROW);
    await expect(stories(page)).toHaveCount(14);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize(WIDE);
    await expect(stories(page)).toHaveCount(6);
    await expect(page.locator("#stories .landing-wall-column")).toHaveCount(0);
  });

  for (const size of [NARROW, WIDE]) {
    test(`axe finds nothing at ${size.width} px: page, sign-in dialog, legal dialog, open FAQ item`, async ({
      page,
    }) => {
      // Four axe passes over the whole page, every section rendered from the start: the slow-test budget.
      test.slow();
      await page.setViewportSize(size);
      await page.goto("/");
      await expectNoA11yViolations(page);

      await page.getByRole("button", { name: "Sign In / Up" }).filter({ visible: true }).click();
      await expect(page.getByRole("dialog").getByLabel("Email address")).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");

      await openFaq(page);
      const question = (await faqQuestions(page)).first();
      if (size.width >= 768) await question.hover();
      else await question.click();
      await expect(page.getByRole("tabpanel")).toContainText(/./);
      await expectNoA11yViolations(page);

      await goToSection(page, "contact");
      await page.getByRole("button", { name: "Terms, Privacy Policy, and Legal Information" }).click();
      await expect(page.getByRole("dialog", { name: "Terms, Privacy Policy, and Legal Information" })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }
});
