// Addresses the end-to-end tests use. playwright.config.ts chooses the feed
// server's port (a free one, unless E2E_FEED_PORT names it) and puts it in the
// environment the test workers inherit.
const feedPort = process.env.E2E_FEED_PORT;
if (!feedPort)
  throw new Error("E2E_FEED_PORT is unset: run the e2e tests with `npx playwright test`");
export const FEED_URL = `http://127.0.0.1:${feedPort}`;
export { NO_BACKEND_URL } from "../noBackendUrl";
