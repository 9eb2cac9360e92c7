import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnvFile } from "./env-file.js";

describe(".env file", () => {
  it("fills variables the environment does not set; real environment variables win", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-env-"));
    const file = path.join(dir, ".env");
    fs.writeFileSync(
      file,
      ["# comment", "PORT=4100", 'MAIL_FROM="CareerPrep <hello@careerprep.in>"', "SMS_PROVIDER=twilio", "EMPTY="].join(
        "\n",
      ),
    );
    const env: NodeJS.ProcessEnv = { SMS_PROVIDER: "msg91" };
    expect(loadEnvFile(file, env).sort()).toEqual(["EMPTY", "MAIL_FROM", "PORT"]);
    expect(env).toEqual({
      PORT: "4100",
      MAIL_FROM: "CareerPrep <hello@careerprep.in>",
      SMS_PROVIDER: "msg91",
      EMPTY: "",
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is optional", () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(path.join(os.tmpdir(), "no-such-dir", ".env"), env)).toEqual([]);
    expect(env).toEqual({});
  });
});
