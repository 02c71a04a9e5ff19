// Honest link state (issue 7): a user who chose NETWORK is never shown the
// simulated car, and the car link is not called "disconnected" before anyone said so.
import { expect, test, type Page } from "@playwright/test";
import { FeedServer } from "../../feed-server/FeedServer";
import { FEED_URL } from "./e2e-env";
import { DEMO_SCREEN_GONE_MS, appUrl, closeDialogWithEscape, pauseClock } from "./shell-helpers";

async function storeSettings(page: Page, connectionType: "DEMO" | "NETWORK" | "RADIO") {
  await page.addInitScript((type) => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    const settings = {
      appUnits: "metric",
      connectionType: type,
      lapCoords: null,
      playbackDateTime: { date: "2026-07-01", startTime: "00:00", endTime: "23:59" },
      backendUrl: "http://127.0.0.1:9",
    };
    localStorage.setItem("settings", JSON.stringify(settings));
  }, connectionType);
}

test("a saved NETWORK choice with no backend: no SIMULATION marker, no demo values, waiting for the backend", async ({
  page,
}) => {
  await storeSettings(page, "NETWORK");
  await pauseClock(page);
  await page.goto(appUrl("/"));
  const screen = page.getByTestId("loading-screen");
  // The page's clock stands still: let the first snapshot (the worker's state) arrive.
  await expect(page.getByTestId("status-history")).toHaveText(/^History 0 \//);
  await page.clock.runFor(5000 + 3000);
  await expect(screen).toHaveAttribute("data-phase", "ready");
  await expect(page.getByTestId("loading-text")).toHaveText(
    "Can't connect to Helios, waiting for the backend.",
  );
  await page.clock.runFor(DEMO_SCREEN_GONE_MS - 8000);
  await expect(screen).toHaveCount(0);

  const status = page.getByTestId("status-connection-type");
  await expect(status).toHaveText("NETWORK");
  await expect(page.getByText(/SIMULATION/)).toHaveCount(0);
  await expect(page.getByTestId("status-waiting")).toHaveText(
    "Waiting for the backend · no real packet yet",
  );
  await expect(page.getByTestId("overview-waiting")).toContainText("Waiting for the backend");
  await expect(page.getByTestId("status-car")).toHaveText("Car link unknown");

  // The worker runs on real time: give a demo car every chance to show up.
  await page.waitForTimeout(1500);
  await expect(page.getByTestId("accepted-count")).toHaveText("Accepted: 0");
  const values = await page.locator(".helios-favourites .live-value").allTextContents();
  expect(values.length).toBe(6);
  expect(values.every((v) => !/\d/.test(v))).toBe(true);
  await expect(page.getByTestId("status-rate")).toHaveText("0.0 pkt/s");
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem("settings")!).connectionType),
  ).toBe("NETWORK");
});

test("a saved DEMO choice still shows the simulated car, marked as such", async ({ page }) => {
  await storeSettings(page, "DEMO");
  await page.goto(appUrl("/"));
  await expect(page.getByTestId("status-connection-type")).toHaveText("SIMULATION · DEMO");
  await expect(page.getByTestId("status-waiting")).toHaveCount(0);
  await expect(page.getByTestId("accepted-count")).not.toHaveText("Accepted: 0");
});

test("with the backend: the car link is unknown until it is proven, then up while packets arrive", async ({
  page,
}) => {
  await page.goto(`/?backend=${encodeURIComponent(FEED_URL)}`);
  await expect(page.getByTestId("status-connection-type")).toHaveText("NETWORK");
  // The feed server sends no carConnect on connect (as the real backend): packets prove the link.
  await expect(page.getByTestId("status-car")).toHaveText("Car connected");
  await expect(page.getByTestId("status-car")).toHaveAttribute("data-state", "connected");
  await expect(page.getByTestId("status-waiting")).toHaveCount(0);
  // The backend sent its finish line, which is saved once the loading screen
  // is gone: a reload still starts the worker with it.
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("settings")))
    .toContain('"lapCoords":{');
  await page.reload();
  await expect(page.getByTestId("status-connection-type")).toHaveText("NETWORK");
  await expect(page.getByTestId("status-car")).toHaveText("Car connected");
});

test("the backend link ends on a WebSocket where the backend allows it, falls back where it fails, and diagnostics says which", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const transport = async () => {
    await page.keyboard.press("d");
    const diagnostics = page.getByRole("dialog", { name: "Diagnostics" });
    const text = diagnostics.getByTestId("diag-transport");
    await expect(text).toBeVisible();
    return { text, diagnostics, close: () => closeDialogWithEscape(page) };
  };
  const connected = async () => {
    await expect(page.getByTestId("status-car")).toHaveText("Car connected");
    await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 30_000 });
  };
  // The team's current server (2026-06) completes the upgrade: the default takes it.
  const current = await FeedServer.start({ port: 0, generation: "2026-06", rate: 20 });
  try {
    await page.goto(`/?backend=${encodeURIComponent(current.url)}`);
    await connected();
    const shown = await transport();
    await expect(shown.text).toHaveText("WebSocket");
    await expect(shown.diagnostics.getByTestId("diag-upgrade-fallback")).toHaveCount(0);
    await shown.close();
  } finally {
    await current.stop();
  }

  // The run's feed server speaks 2026-01, whose upgrade answers 101 and then 400.
  await page.goto(`/?backend=${encodeURIComponent(FEED_URL)}`);
  await connected();
  let shown = await transport();
  await expect(shown.text).toHaveText(
    "HTTP long-polling (fallback: the backend's WebSocket upgrade failed)",
  );
  await expect(shown.diagnostics.getByTestId("diag-upgrade-fallback")).toHaveText(
    /^Failed at \d\d:\d\d:\d\d \S+ \(.+\)\. This backend stays on long-polling until the app restarts/,
  );
  // The engine.io internals passed the start-up check: the poll reader worker reads the answers.
  await expect(page.getByTestId("diag-poll-reading")).toHaveText("read by the poll reader worker");
  await page.screenshot({ path: "/tmp/e2e-transport.png" });
  await shown.close();

  // The switch is on by default; off, long-polling is the user's choice and no failure is told.
  await page.keyboard.press("s");
  const toggle = page.getByTestId("websocket-upgrade-switch");
  await expect(toggle).toBeChecked();
  await page.getByText("Upgrade the backend link to a WebSocket").click();
  await expect(toggle).not.toBeChecked();
  await closeDialogWithEscape(page);
  // Dialled again, not lost: the car link comes back up with the backend's packets.
  await expect(page.getByTestId("status-car")).toHaveText("Car connected");
  shown = await transport();
  await expect(shown.text).toHaveText("HTTP long-polling (WebSocket upgrade off in Settings)");
  await expect(shown.diagnostics.getByTestId("diag-upgrade-fallback")).toHaveCount(0);
});
