import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** A response body (an HTML page of the built client, a listing) with its compressed copies. */
export interface Page {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface Pages {
  /** The page for a path: the prerendered landing page for `/`, the app's shell for any other page. */
  forPath(pathname: string): Page;
  /**
   * The app's shell with its `<title>` and description replaced by `head` (markup the caller has escaped), for a
   * page whose link previews must name what it shows: crawlers run no script (the certificate page).
   */
  shellWithHead(head: string): string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The built client's pages; undefined when there is no build (tests, `npm run dev`). */
    pages: Pages | undefined;
  }
}

/** The shell's own title and description, which a page with its own head replaces. */
const SHELL_HEAD = /<meta name="description"[^>]*>\s*|<title>[\s\S]*?<\/title>/g;

function compressed(html: string): Page {
  const identity = Buffer.from(html);
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/**
 * Reads the built client's pages once at start. `landing.html` is the landing page rendered by the build
 * (docs/decisions/0160-landing-from-html.md): about 50 KB of markup, a sixth of that compressed.
 */
export function loadPages(clientDir: string): Pages | undefined {
  const shellFile = path.join(clientDir, "index.html");
  if (!fs.existsSync(shellFile)) return undefined;
  const shellHtml = fs.readFileSync(shellFile, "utf8");
  const shell = compressed(shellHtml);
  const landingFile = path.join(clientDir, "landing.html");
  const landing = fs.existsSync(landingFile) ? compressed(fs.readFileSync(landingFile, "utf8")) : shell;
  const headless = shellHtml.replace(SHELL_HEAD, "");
  const headEnd = Math.max(headless.indexOf("</head>"), 0);
  return {
    forPath: (pathname) => (pathname === "/" ? landing : shell),
    shellWithHead: (head) => `${headless.slice(0, headEnd)}${head}\n${headless.slice(headEnd)}`,
  };
}

/** The body and content-encoding to send for what the browser accepts. */
export function encode(page: Page, acceptEncoding: string | undefined): { body: Buffer; encoding?: "br" | "gzip" } {
  const accepted = acceptEncoding ?? "";
  if (/\bbr\b/.test(accepted)) return { body: page.br, encoding: "br" };
  if (/\bgzip\b/.test(accepted)) return { body: page.gzip, encoding: "gzip" };
  return { body: page.identity };
}
