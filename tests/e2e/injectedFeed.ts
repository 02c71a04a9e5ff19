// A feed server of the test's own that injects faults or over-limit values
// (feed-server/injection.ts), for browser tests of alerts. The shared feed of
// playwright.config.ts starts before every spec, so its data clock has run for
// an unknown time; this one holds its packets back until the page is on it,
// so an injection at N s comes N s of packet time after the page's first packet.
import { expect, type Page } from "@playwright/test";
import { FeedServer, type FeedServerOptions } from "../../feed-server/FeedServer";
import type { Injection } from "../../feed-server/injection";
import type { AlertsState } from "../../workers/contract/alerts";

/** Starts a feed on a free port of 127.0.0.1, paused until openOnFeed(). Stop it with `stop()`. */
export function startInjectedFeed(
  inject: Injection[],
  options: FeedServerOptions = {},
): Promise<FeedServer> {
  return FeedServer.start({
    rate: 10,
    ...options,
    port: 0,
    host: "127.0.0.1",
    startPaused: true,
    inject,
  });
}

/**
 * Opens the app on `server` in NETWORK mode with the test hooks on, waits for
 * the status bar to say NETWORK, then lets the feed send.
 */
export async function openOnFeed(page: Page, server: FeedServer, path = "/"): Promise<void> {
  const search = new URLSearchParams({ backend: server.url, e2eHooks: "1" });
  await page.goto(`${path}?${search}`);
  await expect(page.getByTestId("status-connection-type")).toHaveText("NETWORK", {
    timeout: 20_000,
  });
  server.resume();
}

/** The worker's alerts for the page (needs ?e2eHooks=1, as openOnFeed sets). */
export function pageAlerts(page: Page): Promise<AlertsState> {
  return page.evaluate(() =>
    (window as unknown as { heliosTest: { alerts(): Promise<AlertsState> } }).heliosTest.alerts(),
  );
}
