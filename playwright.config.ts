import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/e2e/chromium";
import { freePort } from "./tests/freePort";

// The built app (npm run build) is served by `vite preview`; the feed server
// speaks the backend protocol for the NETWORK tests. Each takes a port that is
// free when the run starts, so a dev server or another run on a common port
// (4173, 3001, ...) does not fail the tests; E2E_PORT / E2E_FEED_PORT choose
// them instead. The choice goes into the environment because the test workers
// load this file again and must agree on the addresses (tests/e2e/e2e-env.ts).
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_FEED_PORT ??= String(await freePort());
const APP_PORT = Number(process.env.E2E_PORT);
const FEED_PORT = Number(process.env.E2E_FEED_PORT);
const DIST = process.env.E2E_DIST ?? "dist";
const ALONE = /(csv|alert-rules-import)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two browsers at once on CI's two cores (E2E_WORKERS=1 runs them one by one).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // The timing checks (the CSV export's "no long task on the main thread",
  // the core answering through a 5,000-rule import) need the machine to
  // themselves: `npm run test:e2e` runs their files alone, after the other
  // browser tests (package.json), rather than beside another browser.
  // A test that fails once is a bug to find, not to retry. Only the timing
  // checks run alone get a second run on CI: a stall of the VM itself (no
  // long task while exporting) is told apart from a regression by running
  // them again.
  projects: [
    { name: "browser", testIgnore: ALONE, retries: 0 },
    { name: "alone", testMatch: ALONE, workers: 1, retries: process.env.CI ? 1 : 0 },
  ],
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    screenshot: "only-on-failure",
    // The built app registers a service worker (the offline app, issue 63);
    // it would serve later pages from its cache, past a test's context.route.
    // offline.spec.ts allows it; every other test runs as before it.
    serviceWorkers: "block",
  },
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${APP_PORT} --strictPort --outDir ${DIST}`,
      url: `http://127.0.0.1:${APP_PORT}`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx feed-server/feed.ts --host 127.0.0.1 --port ${FEED_PORT} --rate 20`,
      url: `http://127.0.0.1:${FEED_PORT}/laps`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
