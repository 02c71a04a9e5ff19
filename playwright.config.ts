import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/e2e/chromium";

// The built app (npm run build) is served by `vite preview`; the feed server
// speaks the backend protocol for the NETWORK tests. Ports and the dist folder
// can be moved so that several runs do not collide.
const APP_PORT = Number(process.env.E2E_PORT ?? 4173);
const FEED_PORT = Number(process.env.E2E_FEED_PORT ?? 3101);
const DIST = process.env.E2E_DIST ?? "dist";

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    screenshot: "only-on-failure",
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
