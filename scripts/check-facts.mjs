// Part of `npm test`'s lint: the booking kinds and the paid statuses are written once, in src/shared
// (constants.ts: BOOKING_KINDS, PAID_STATUSES). Elsewhere a list or union spelling out exactly one
// of those sets is a second home for the fact; import the constant or its type instead.
// Migrations are exempt: each keeps the SQL that ran when it was written.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const FACTS = [
  { name: "the booking kinds (BOOKING_KINDS, BookingKind)", words: "mock workshop internship" },
  { name: "the paid statuses (PAID_STATUSES, PaidStatus)", words: "confirmed completed no_show" },
].map((fact) => ({ ...fact, set: new Set(fact.words.split(" ")) }));

/** Quoted words joined by commas or bars: an array, a tuple, a union or an SQL list. */
const RUN = /(?:["'][a-z_]+["']\s*[,|]\s*)+["'][a-z_]+["']/g;
const WORD = /["']([a-z_]+)["']/g;

const exempt = (file) => file.startsWith("src/shared/") || file.startsWith("src/server/db/migrations/");
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "src", "e2e", "scripts"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => /\.(ts|tsx|mjs|cjs|js)$/.test(file) && fs.existsSync(file) && !exempt(file));

const found = [];
for (const file of files) {
  const text = fs.readFileSync(file, "utf8");
  for (const run of text.matchAll(RUN)) {
    const words = new Set([...run[0].matchAll(WORD)].map((m) => m[1]));
    const fact = FACTS.find((f) => f.set.size === words.size && [...f.set].every((w) => words.has(w)));
    if (!fact) continue;
    const line = text.slice(0, run.index).split("\n").length;
    found.push(`${file}:${line}: ${fact.name}: ${run[0].replace(/\s+/g, " ")}`);
  }
}
if (found.length > 0) {
  console.error(`Facts of src/shared spelled out elsewhere (${found.length}):\n${found.join("\n")}`);
  process.exit(1);
}
console.log(`facts: booking kinds and paid statuses only in src/shared (${files.length} files checked)`);
