import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe("the interview room's STUN and TURN configuration", () => {
  it("is off by default: the room connects browsers that reach each other directly", () => {
    expect(loadConfig({}).ice).toEqual({ stunUrls: [], turnUrls: [], turnSecret: undefined, transportPolicy: "all" });
  });

  it("reads comma-separated STUN and TURN URLs with the shared secret", () => {
    const { ice } = loadConfig({
      STUN_URLS: "stun:stun.example.in:3478",
      TURN_URLS: "turn:turn.example.in:3478?transport=udp, turns:turn.example.in:5349?transport=tcp",
      TURN_SECRET: "a-long-enough-shared-secret",
      ICE_TRANSPORT_POLICY: "relay",
    });
    expect(ice).toEqual({
      stunUrls: ["stun:stun.example.in:3478"],
      turnUrls: ["turn:turn.example.in:3478?transport=udp", "turns:turn.example.in:5349?transport=tcp"],
      turnSecret: "a-long-enough-shared-secret",
      transportPolicy: "relay",
    });
  });

  it("names what is wrong: a URL of the wrong scheme, TURN without its secret, relay without TURN", () => {
    expect(problemsOf({ STUN_URLS: "turn:x:3478", TURN_URLS: "https://turn.example.in" })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^STUN_URLS: must be comma-separated URLs such as stun:/),
        expect.stringMatching(/^TURN_URLS: must be comma-separated URLs such as turn:/),
        "TURN_SECRET: TURN_URLS and TURN_SECRET must be set together (coturn's static-auth-secret)",
      ]),
    );
    expect(problemsOf({ TURN_SECRET: "short" })).toEqual(
      expect.arrayContaining(["TURN_SECRET: must be at least 16 characters"]),
    );
    expect(problemsOf({ ICE_TRANSPORT_POLICY: "relay" })).toEqual([
      "ICE_TRANSPORT_POLICY: relay needs a TURN server (TURN_URLS and TURN_SECRET)",
    ]);
  });
});
