/**
 * Runs `work` and counts the turns of the event loop other work got meanwhile: a callback queued
 * with setImmediate runs once per turn. SQLite's statements run without yielding, so a step that
 * never awaits a turn counts none there.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const count = () => {
    turns += 1;
    if (running) setImmediate(count);
  };
  setImmediate(count);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}
