import { describe, expect, it } from "vitest";
import { personName, profileFullName } from "./person-name.js";

describe("personName: never an e-mail's user part as a name", () => {
  it("prefers the profile's name, then a real account name, else nothing", () => {
    expect(
      personName({ firstName: "Arjun", lastName: "Mehta", accountName: "arjun40003", email: "arjun40003@x.in" }),
    ).toBe("Arjun Mehta");
    expect(personName({ accountName: "Arjun Mehta", email: "arjun40003@x.in" })).toBe("Arjun Mehta");
    expect(personName({ accountName: "arjun40003", email: "arjun40003@x.in" })).toBe("");
    expect(personName({ accountName: "Arjun40003", email: "arjun40003@x.in" })).toBe("");
    expect(personName({ accountName: "arjun40003@x.in", email: "arjun40003@x.in" })).toBe("");
    expect(personName({ accountName: "", email: "arjun40003@x.in" })).toBe("");
    expect(personName({ accountName: "Arjun \u202Ecod.exe", email: "arjun40003@x.in" })).toBe("");
  });

  it("a certificate's name needs both parts of the profile name", () => {
    expect(profileFullName("Arjun", "Mehta")).toBe("Arjun Mehta");
    expect(profileFullName("Arjun", " ")).toBe("");
    expect(profileFullName(null, null)).toBe("");
  });
});
