import { describe, expect, it } from "vitest";
import { isFull } from "./seats.js";

describe("the full rule of the booking tabs", () => {
  it("is full with no seat left, unless the seat on screen is the student's own", () => {
    expect(isFull(0)).toBe(true);
    expect(isFull(0, true)).toBe(false);
    expect(isFull(1)).toBe(false);
    expect(isFull(3, true)).toBe(false);
  });
});
