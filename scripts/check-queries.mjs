// Part of `npm test`'s lint: Kysely queries are written only in repositories and db/ (docs/architecture.md).
// dependency-cruiser sees imports, not calls, so this check looks for the calls that start a query.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const QUERY_START =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(|\bsql(<[^>]*>)?`/;
const allowed = (file) =>
  /(^|\/|-)repository\.ts$/.test(file) ||
  file.startsWith("src/server/db/") ||
  file.startsWith("src/server/test/") ||
  /\.test\.ts$/.test(file);

const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "src/server"], { encoding: "utf8" })
  .split("\n")
  .filter((file) => file.endsWith(".ts") && fs.existsSync(file) && !allowed(file));

const found = [];
for (const file of files) {
  fs.readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (QUERY_START.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
}
if (found.length > 0) {
  console.error(`Query-builder calls outside repositories and db/ (${found.length}):\n${found.join("\n")}`);
  process.exit(1);
}
console.log(`queries: only in repositories and db/ (${files.length} other server files checked)`);
