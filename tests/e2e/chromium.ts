// Where the browser tests and benchmarks find Chromium: $CHROMIUM_PATH, else the
// system's. Playwright's own browser download is never used (no internet here).
import { existsSync } from "node:fs";

const SYSTEM_CHROMIUMS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  const found = SYSTEM_CHROMIUMS.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    "No Chromium found for the browser tests. Install one (Debian/Ubuntu: " +
      "`sudo apt-get update && sudo apt-get install -y chromium`) or set CHROMIUM_PATH " +
      "to a Chromium/Chrome executable.",
  );
}

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
