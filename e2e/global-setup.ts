import fs from "node:fs";

/** Fails early, with the fix, when no Chromium is installed (browsers cannot be downloaded here). */
export default function globalSetup(): void {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(chromium)) {
    throw new Error(
      `No Chromium at ${chromium}. Install Debian's package: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
}
