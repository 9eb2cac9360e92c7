import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, expect, it } from "vitest";
import { describeEachDialect } from "../test/test-app.js";

// A built client: the app's shell and the landing page rendered by the build (docs/decisions/0160-landing-from-html.md).
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-pages-"));
fs.writeFileSync(path.join(clientDir, "index.html"), '<!doctype html><div id="root"></div>');
const landing = `<!doctype html><div id="root"><main><h1>Get placement-ready</h1>${"<p>section</p>".repeat(500)}</main></div>`;
fs.writeFileSync(path.join(clientDir, "landing.html"), landing);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

describeEachDialect(
  "pages of the built client",
  (t) => {
    it("sends the prerendered landing page for /, compressed as the browser accepts", async () => {
      const brotli = await t().request({ url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers["content-type"]).toMatch(/^text\/html/);
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(landing);

      const gzip = await t().request({ url: "/?signin=failed", headers: { "accept-encoding": "gzip" } });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(landing);

      const plain = await t().request({ url: "/", headers: { "accept-encoding": "identity" } });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(landing);
    });

    it("sends the app's shell for every other page", async () => {
      for (const url of ["/dashboard", "/onboarding?type=workshop", "/admin"]) {
        const response = await t().request({ url, headers: { "accept-encoding": "identity" } });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe('<!doctype html><div id="root"></div>');
      }
    });
  },
  { CLIENT_DIR: clientDir },
);
