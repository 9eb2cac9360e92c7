import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { CERTIFICATE_MESSAGES, DATA_RIGHTS_MESSAGES } from "../../../shared/messages.js";
import type { PublicCertificate } from "../../../shared/schemas/certificates.js";
import { buildBooking, buildCompletedProfile, buildWorkshop, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

// A built client whose shell has its own title and description, as src/client/index.html has.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-certificate-page-"));
fs.writeFileSync(
  path.join(clientDir, "index.html"),
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="The site's own description." />
<title>CareerPrep · The site's own title</title></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`,
);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

/** The content of one `<meta>` tag, as the page's HTML has it (escaped). */
function metaOf(html: string, key: string): string | undefined {
  return html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`))?.[1];
}
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/g);

describeEachDialect(
  "the public certificate page's HTML",
  (t) => {
    async function certifiedStudent(email: string, firstName: string, lastName: string, workshopTitle: string) {
      const { db } = t().app.deps;
      const cookie = await t().signIn(email);
      const userId = await findUserId(db, email);
      await buildCompletedProfile(db, userId, { first_name: firstName, last_name: lastName });
      const workshop = await buildWorkshop(db, {
        title: workshopTitle,
        level: "Beginner",
        start_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        end_at: new Date(Date.now() - 3_600_000).toISOString(),
      });
      const booking = await buildBooking(db, {
        user_id: userId,
        target_id: workshop.id,
        kind: "workshop",
        package_key: "ws_dsa",
      });
      const admin = await t().signInAdmin();
      const issued = await t().request({
        method: "POST",
        url: `/api/admin/bookings/${booking.id}/certificate`,
        cookie: admin,
      });
      return { cookie, admin, certificate: json<{ certificate: PublicCertificate }>(issued).certificate };
    }

    it("names the holder and the certificate in its title, Open Graph and Twitter tags, escaped", async () => {
      const { certificate } = await certifiedStudent("og@example.com", "Zoya", `"Ace" <b>Khan</b>`, "DSA & <Graphs>");
      const page = await t().request({ url: `/certificates/${certificate.code}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      const html = page.body;
      const name = "Zoya &quot;Ace&quot; &lt;b&gt;Khan&lt;/b&gt;";
      const title = "DSA &amp; &lt;Graphs&gt; (Beginner)";
      expect(titleOf(html)).toEqual([`<title>${name}: ${title} · CareerPrep</title>`]);
      expect(metaOf(html, "og:title")).toBe(`${name}: ${title}`);
      expect(metaOf(html, "og:description")).toMatch(new RegExp(`^${escapeRegExp(`${name} · ${title}. Workshop`)}`));
      expect(metaOf(html, "description")).toBe(metaOf(html, "og:description"));
      expect(metaOf(html, "og:url")).toBe(`${t().app.deps.config.publicUrl}/certificates/${certificate.code}`);
      expect(metaOf(html, "og:type")).toBe("website");
      expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
      const image = `${t().app.deps.config.publicUrl}/certificates/${certificate.code}/preview.png`;
      expect([metaOf(html, "og:image"), metaOf(html, "twitter:image")]).toEqual([image, image]);
      expect([metaOf(html, "og:image:width"), metaOf(html, "og:image:height")]).toEqual(["1200", "630"]);
      expect(metaOf(html, "twitter:title")).toBe(metaOf(html, "og:title"));
      expect(metaOf(html, "twitter:description")).toBe(metaOf(html, "og:description"));
      expect(html).not.toContain("<b>Khan");
      expect(html).not.toContain("The site's own");
      expect(html).toContain('<div id="root"></div><script type="module" src="/assets/main.js"></script>');

      const lowerCase = await t().request({ url: `/certificates/${certificate.code.toLowerCase()}` });
      expect(metaOf(lowerCase.body, "og:title")).toBe(`${name}: ${title}`);
    });

    it("serves the preview image the tags point at: a 1200 by 630 PNG, and 404 for an unknown code", async () => {
      const { certificate } = await certifiedStudent("png@example.com", "Arjun", "Nair", "Graphs");
      const png = await t().request({ url: `/certificates/${certificate.code}/preview.png` });
      expect(png.statusCode).toBe(200);
      expect(png.headers["content-type"]).toBe("image/png");
      const bytes = png.rawPayload;
      expect(bytes.subarray(1, 4).toString()).toBe("PNG");
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
      expect((await t().request({ url: "/certificates/CP-0000-0000-0000-0000/preview.png" })).statusCode).toBe(404);
    });

    it("gives an unknown code a not-found title and no one's data", async () => {
      const page = await t().request({ url: "/certificates/CP-0000-0000-0000-0000" });
      expect(page.statusCode).toBe(404);
      expect(titleOf(page.body)).toEqual([`<title>${CERTIFICATE_MESSAGES.pageNotFound} · CareerPrep</title>`]);
      expect(page.body).not.toContain("og:");
      expect(page.body).not.toContain("twitter:");
      expect(page.body).toContain('<div id="root"></div>');
    });

    it("shows an erased student's certificate without their name, as the page does", async () => {
      const { cookie, certificate } = await certifiedStudent("erased@example.com", "Meera", "Iyer", "Resume review");
      const erased = await t().request({
        method: "DELETE",
        url: "/api/me",
        cookie,
        payload: { confirm: "erased@example.com" },
      });
      expect(erased.statusCode).toBe(204);
      const html = (await t().request({ url: `/certificates/${certificate.code}` })).body;
      expect(html).not.toContain("Meera");
      expect(html).not.toContain("Iyer");
      expect(metaOf(html, "og:title")).toBe("Resume review (Beginner)");
      expect(metaOf(html, "og:description")).toContain(DATA_RIGHTS_MESSAGES.erasedHolder.replaceAll("'", "&#39;"));
    });

    it("says a revoked certificate is revoked", async () => {
      const { admin, certificate } = await certifiedStudent("gone@example.com", "Kabir", "Rao", "System design");
      await t().request({ method: "POST", url: `/api/admin/certificates/${certificate.code}/revoke`, cookie: admin });
      const html = (await t().request({ url: `/certificates/${certificate.code}` })).body;
      expect(metaOf(html, "og:title")).toBe(`${CERTIFICATE_MESSAGES.pageRevoked}: System design (Beginner)`);
      expect(metaOf(html, "og:description")).toBe(
        CERTIFICATE_MESSAGES.revokedNotice("Kabir Rao", "System design (Beginner)"),
      );
    });
  },
  { CLIENT_DIR: clientDir },
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
