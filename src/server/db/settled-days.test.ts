import { expect, it } from "vitest";
import { sumOnce } from "./settled-days.js";

it("ten requests summing the same days at once do the work once, and a later one does it again", async () => {
  const db = {};
  let runs = 0;
  const work = async () => {
    runs++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return "lines";
  };
  const answers = await Promise.all(Array.from({ length: 10 }, () => sumOnce(db, "csv 2026-01-05", work)));
  expect(answers).toEqual(Array(10).fill("lines"));
  expect(runs).toBe(1);
  await sumOnce(db, "csv 2026-01-05", work);
  await Promise.all([sumOnce(db, "csv 2026-01-06", work), sumOnce({}, "csv 2026-01-06", work)]);
  expect(runs).toBe(4);
});
