// The targets of `npm run bench:scale` (docs/benchmarks.md, Scale), read against its results: L's figures
// for the requests the targets name, each beside the demo data's (S) of the same database. Printed after a
// run that has both sizes of a database, from this run or the results an earlier one left in
// .tmp/bench-scale/<database>-<size>.json (each with its date, so figures of two machines are not mixed
// unseen).

/** What the verdict reads of one request's figures (scripts/bench-scale.ts, Measured). */
export interface RequestFigures {
  request: string;
  /** Medians over rounds, ms. */
  p50: number;
  p99: number;
  /** The server's peak resident memory while this request was loaded in the first round (after the ones before it). */
  peakRssMb: number;
  /** Rounds in which no request was answered before the round ended (its latencies then read 0, meaning none). */
  silentRounds: number;
  /**
   * Bytes a response took on the wire, headers included (median over rounds): what the request shows. Absent in
   * results written before it was measured.
   */
  bytesPerAnswer?: number;
}

export interface SizeResult {
  dialect: string;
  size: string;
  measured: RequestFigures[];
  browser: { page: string; fcpMs: [number, number] }[];
  /** When the results were written (ISO), if known. */
  at?: string;
}

/** The requests the targets are set for; the others (Insights over a year, the CSVs) must only not take the server down. */
export const TARGET_REQUESTS = [
  "one day's slots",
  "days summary",
  "student dashboard (2 bookings)",
  "student dashboard (50 bookings)",
  "admin bookings, first page",
  "admin bookings, a week",
  "admin insights, 90 days",
  "data export (2 bookings)",
  "data export (50 bookings)",
] as const;

/** p99 at L, ms: 50 for every request, 200 for the export of a student with 50 bookings. */
const p99Target = (request: string) => (request === "data export (50 bookings)" ? 200 : 50);
const RSS_TARGET_MB = 160;
const FIRST_CONTENT_TARGET_MS = 1_000;

/**
 * autocannon reads latencies in whole milliseconds, so an S figure of 0 means "under 1 ms": 2× of it is
 * read as 2× of 1 ms, the finest the bench can tell apart (0 → 1 ms is no growth it can see).
 */
const RESOLUTION_MS = 1;

const kb = (bytes: number | undefined) => (bytes === undefined ? "?" : `${(bytes / 1024).toFixed(1)} KB`);
const answered = (m: RequestFigures) => m.silentRounds === 0;

/** One line per target: met, or the requests that missed it with their figures. */
export function verdict(small: SizeResult, large: SizeResult): string[] {
  const byName = (result: SizeResult) => new Map(result.measured.map((m) => [m.request, m]));
  const [s, l] = [byName(small), byName(large)];
  const named = TARGET_REQUESTS.filter((name) => l.has(name));
  const slow: string[] = [];
  const grown: string[] = [];
  for (const name of named) {
    const at = l.get(name) as RequestFigures;
    if (!answered(at) || at.p99 > p99Target(name)) slow.push(`${name} ${answered(at) ? at.p99 : "unanswered"}`);
    const before = s.get(name);
    if (before && (!answered(at) || at.p99 > 2 * Math.max(before.p99, RESOLUTION_MS))) {
      grown.push(
        `${name} ${before.p99} → ${at.p99} (${kb(before.bytesPerAnswer)} → ${kb(at.bytesPerAnswer)} an answer)`,
      );
    }
  }
  const peak = Math.max(0, ...named.map((name) => l.get(name)?.peakRssMb ?? 0));
  const firstContent = large.browser.map((b) => `${b.page} ${b.fcpMs[0]} ms (worst ${b.fcpMs[1]})`);
  const slowPages = large.browser.filter((b) => b.fcpMs[0] > FIRST_CONTENT_TARGET_MS);
  const result = (misses: string[]) => (misses.length === 0 ? "met" : `missed by ${misses.join("; ")}`);
  const dated = (r: SizeResult) => `${r.size}${r.at ? ` of ${r.at.slice(0, 16).replace("T", " ")} UTC` : ""}`;
  return [
    `Against the targets, ${large.dialect} (${dated(large)} beside ${dated(small)}; ${named.length} of ${TARGET_REQUESTS.length} requests measured):`,
    `- p99 at L ≤ 50 ms (the export of 50 bookings ≤ 200): ${result(slow)}`,
    `- p99 at L within 2× of S: ${result(grown)}`,
    `- server RSS ≤ ${RSS_TARGET_MB} MB through these requests (first round): ${peak} MB, ${peak <= RSS_TARGET_MB ? "met" : "missed"}`,
    firstContent.length === 0
      ? "- first content in Chromium ≤ 1 s: not measured (BENCH_BROWSER=false)"
      : `- first content in Chromium ≤ 1 s: ${firstContent.join(", ")}, ${slowPages.length === 0 ? "met" : "missed"}`,
  ];
}
