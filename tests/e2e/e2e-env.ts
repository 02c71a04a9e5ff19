// Addresses the end-to-end tests use, matching playwright.config.ts.
export const FEED_URL = `http://127.0.0.1:${process.env.E2E_FEED_PORT ?? 3101}`;
/** A backend address where nothing listens, for "no backend → demo" runs. */
export const NO_BACKEND_URL = "http://127.0.0.1:9";
