// Where the lap tests start: a feed server fast enough that a lap of the
// circuit completes every few seconds (40 simulated seconds a second, no
// laps seeded), the Laps tab open on it in NETWORK, and its first lap listed.
// The server stops when the test's steps end, passed or failed.
import { expect, type Page } from "@playwright/test";
import { FeedServer } from "../../feed-server/FeedServer";

export async function onFastLapFeed(page: Page, steps: () => Promise<void>): Promise<void> {
  const server = await FeedServer.start({ port: 0, rate: 20, speedup: 40, seededLaps: 0 });
  try {
    await page.goto(`/laps?backend=${encodeURIComponent(server.url)}`);
    await expect(page.getByTestId("status-connection-type")).toHaveText("NETWORK", {
      timeout: 20_000,
    });
    await expect(page.getByTestId("lap-row").first()).toBeVisible({ timeout: 30_000 });
    await steps();
  } finally {
    await server.stop();
  }
}
