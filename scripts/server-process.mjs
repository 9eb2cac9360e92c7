// How the server process is started, shared by `npm start` (scripts/start.mjs) and the benchmark servers
// (scripts/bench-common.ts), so the benchmarks measure what production runs. Sized for a small machine
// (docs/decisions/0005-memory.md, docs/decisions/0252-small-machine-settings.md):
// - source maps for our bundle only (scripts/source-maps.mjs);
// - a young generation of at most 2 × 4 MB: at 1 MB, a request that lives across a few database round trips saw its
//   rows and answer promoted to the old generation and collected there (docs/decisions/0442-young-generation-of-4-mb.md);
// - a capped old generation;
// - no pretenuring: V8 otherwise starts allocating a hot site's objects in the old generation once most of them
//   outlive a scavenge, which ten requests held across database round trips make happen, and then every request's
//   garbage fills the old generation (docs/decisions/0444-no-pretenuring.md);
// - two malloc arenas, and every allocation of 16 KB or more (the compilers' zones above all) in its own
//   mapping, handed back when freed instead of leaving holes in the heap that glibc cannot return.
export const serverNodeArgs = [
  "--import",
  new URL("./source-maps.mjs", import.meta.url).href,
  "--max-semi-space-size=4",
  "--max-old-space-size=160",
  "--no-allocation-site-pretenuring",
];

export const serverEnv = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "16384" };
