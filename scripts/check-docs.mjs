// Part of `npm test`'s lint: every reference to our docs, in code comments and in the docs themselves, leads
// somewhere. It checks
// - paths: `docs/x.md`, `docs/decisions/0101` (a record by its number) and folders under docs/;
// - sections: `docs/x.md#a-heading`, `docs/x.md, "A heading"` and `(docs/x.md, A heading)` name a heading of x.md;
// - relative links inside docs/*.md: `[text](0253-stream-door.md)`, `[text](#a-heading)`;
// - decision records: a `Status:` line (accepted, or "superseded by NNNN" naming a record that exists), a `Date:` line,
//   and a length that fits on a page (measurements go to docs/benchmarks.md).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|md|html|css|json|ya?ml|sh)$/;
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter((file) => (TEXT.test(file) || file.startsWith(".ci/")) && file !== "package-lock.json")
  .filter((file) => fs.existsSync(file) && fs.statSync(file).isFile());

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

const headingCache = new Map();
function headingsOf(doc) {
  if (!headingCache.has(doc)) {
    const titles = [];
    let fenced = false;
    for (const line of fs.readFileSync(doc, "utf8").split("\n")) {
      if (line.startsWith("```")) fenced = !fenced;
      // Headings, and the run-in labels (`- **Memory.** …`) and table rows (`| Bookings | …`) that sections are cited by.
      const match =
        !fenced &&
        (/^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line) ??
          /^(?:- )?\*\*([^*]+?)\.?\*\*/.exec(line) ??
          /^\| ([^|]+?) +\|/.exec(line));
      const title = match ? match[1].replace(/[*_`]/g, "") : "";
      // "API (bench:api)" is cited as "API" too.
      if (title) titles.push(title, title.replace(/ \([^)]*\)$/, ""));
    }
    headingCache.set(doc, titles);
  }
  return headingCache.get(doc);
}

/** `docs/decisions/0101` stands for the one record numbered 0101. */
function resolveDoc(target) {
  if (fs.existsSync(target)) return target;
  const number = /^docs\/decisions\/(\d{4})$/.exec(target)?.[1];
  if (!number) return undefined;
  const records = fs.readdirSync("docs/decisions").filter((f) => f.startsWith(`${number}-`));
  return records.length === 1 ? `docs/decisions/${records[0]}` : undefined;
}

/** `a` begins with `b` as whole words. */
const beginsWith = (a, b) => a.toLowerCase().startsWith(b.toLowerCase()) && !/^[\p{L}\p{N}]/u.test(a.slice(b.length));
/** A citation may shorten a heading ("Rate limits") or run on past it ("Slots, in that order"). */
const namesHeading = (text, titles) => titles.some((title) => beginsWith(text, title) || beginsWith(title, text));

/** What follows the path names a section that is not there; undefined when it names none or one that is. */
function missingSection(doc, after) {
  if (!doc.endsWith(".md")) return undefined;
  const titles = headingsOf(doc);
  const anchor = /^#([\w-]+)/.exec(after)?.[1];
  if (anchor) return titles.some((t) => slug(t) === anchor) ? undefined : `#${anchor}`;
  const quoted = /^(?:,| →|:)? *"([^"]+)"/.exec(after)?.[1];
  if (quoted) return namesHeading(quoted, titles) ? undefined : `"${quoted}"`;
  // `(docs/x.md, A heading)`: a capitalised name right after the comma, up to the bracket.
  const named = /^, (\p{Lu}[^()]*?)\)/u.exec(after)?.[1];
  if (named && !/docs\/|\.md\b/.test(named) && !namesHeading(named, titles)) return `"${named}"`;
  return undefined;
}

const problems = [];
let checked = 0;
for (const file of files) {
  // Comments wrap: join the lines (dropping `//`, ` * ` and `#` prefixes) so a citation split over two lines reads whole.
  const text = fs.readFileSync(file, "utf8").replace(/[ \t]*\n[ \t]*(?:\/\/+|\*(?!\/)|#(?![#!]))?[ \t]*/g, " ");
  for (const match of text.matchAll(/(?<![\w/.@-])docs\/[\w./-]*[\w]/g)) {
    const target = match[0];
    if (file === "scripts/check-docs.mjs") continue;
    checked += 1;
    const doc = resolveDoc(target);
    if (!doc) {
      problems.push(`${file}: ${target} does not exist`);
      continue;
    }
    const missing = missingSection(doc, text.slice(match.index + target.length, match.index + target.length + 200));
    if (missing) problems.push(`${file}: ${target} has no section ${missing}`);
  }
  if (file.startsWith("docs/") && file.endsWith(".md")) {
    for (const link of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const [target, anchor] = link[1].split("#");
      if (/^[a-z]+:/.test(target)) continue;
      checked += 1;
      const doc = target ? path.normalize(path.join(path.dirname(file), target)) : file;
      if (!fs.existsSync(doc)) problems.push(`${file}: link ${link[1]} leads nowhere`);
      else if (anchor && doc.endsWith(".md") && !headingsOf(doc).some((t) => slug(t) === anchor))
        problems.push(`${file}: link ${link[1]} names no heading of ${doc}`);
    }
  }
}

const PAGE = 60;
const records = files.filter((file) => /^docs\/decisions\/\d{4}-.*\.md$/.test(file));
for (const record of records) {
  const lines = fs.readFileSync(record, "utf8").trimEnd().split("\n");
  const status = lines.find((line) => line.startsWith("Status:")) ?? "";
  if (!/^Status: (accepted|superseded by \d{4})/.test(status))
    problems.push(`${record}: no "Status: accepted" or "Status: superseded by NNNN" line`);
  for (const [, number] of status.matchAll(/superseded by (\d{4})/g))
    if (!resolveDoc(`docs/decisions/${number}`))
      problems.push(`${record}: superseded by ${number}, which does not exist`);
  if (!lines.some((line) => /^Date: \d{4}-\d{2}-\d{2}\s*$/.test(line)))
    problems.push(`${record}: no "Date: YYYY-MM-DD" line`);
  if (lines.length > PAGE) problems.push(`${record}: ${lines.length} lines, more than a page (${PAGE})`);
}

if (problems.length > 0) {
  console.error(`Docs to mend (${problems.length}):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(
  `docs: ${checked} references in ${files.length} files lead somewhere; ${records.length} decision records dated, with a status, each on a page`,
);
