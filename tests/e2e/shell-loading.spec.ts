import { expect, test } from "@playwright/test";
import { FEED_URL } from "./e2e-env";
import { appUrl, pauseClock } from "./shell-helpers";

test("with no backend: drive-in, pending, forced off at 5 s, ready at 8 s with the demo text, removed at 8.8 s", async ({
  page,
}) => {
  await pauseClock(page);
  await page.goto(appUrl("/"));
  const screen = page.getByTestId("loading-screen");
  const text = page.getByTestId("loading-text");
  await expect(screen).toHaveAttribute("data-phase", "drive-in");
  await expect(text).toHaveText("Connecting to Helios...");
  await expect(screen.locator("svg.helios-car")).toBeVisible();
  await expect(screen.locator("svg.helios-sun")).toBeVisible();

  await page.clock.runFor(999);
  await expect(screen).toHaveAttribute("data-phase", "drive-in");
  await page.clock.runFor(1);
  await expect(screen).toHaveAttribute("data-phase", "pending");
  await expect(text).toHaveText("Connecting to Helios...");

  await page.clock.runFor(6999); // 7.999 s: loading went off at 5 s, ready not yet
  await expect(screen).toHaveAttribute("data-phase", "pending");
  await page.clock.runFor(1);
  await expect(screen).toHaveAttribute("data-phase", "ready");
  await expect(text).toHaveText("Can't connect to Helios, showing demo.");

  await page.clock.runFor(799);
  await expect(screen).toBeVisible();
  await page.clock.runFor(1);
  await expect(screen).toHaveCount(0);
  await expect(page.getByTestId("status-connection-type")).toHaveText(/SIMULATION · DEMO/);
});

test("DEMO → NETWORK when the feed server's socket connects: ready 3 s later says connected, gone 0.8 s after", async ({
  page,
}) => {
  await pauseClock(page);
  await page.goto(`/?backend=${encodeURIComponent(FEED_URL)}`);
  const screen = page.getByTestId("loading-screen");
  // The worker's clock is real: the socket connects while the page's clock stands
  // still. Link state reaches the page only in snapshots, polled every ~100 ms on
  // the page's clock: step it 100 ms at a time until a snapshot says NETWORK.
  // Each poll's answer is applied at the page time the poll ran, so `elapsed` is
  // the page time at which the page learnt "connected" (loading went off).
  const type = page.getByTestId("status-connection-type");
  let elapsed = 0;
  for (;;) {
    const seen = await expect(type)
      .toHaveText("NETWORK", { timeout: 1500 }) // real time for the worker and the socket
      .then(
        () => true,
        () => false,
      );
    if (seen || elapsed >= 800) break;
    await page.clock.runFor(100);
    elapsed += 100;
  }
  await expect(type).toHaveText("NETWORK");
  await expect(page.getByTestId("status-socket")).toHaveAttribute("data-connected", "true");
  await expect(screen).toHaveAttribute("data-phase", "drive-in");

  await page.clock.runFor(1000 - elapsed);
  await expect(screen).toHaveAttribute("data-phase", "pending");
  // Ready 3 s after loading went off, i.e. after the snapshot that said
  // "connected". That snapshot came within the last 100 ms step before
  // `elapsed` (under two browsers at once, the text can show a step after the
  // poll that brought it), so the test allows that step: still pending at
  // elapsed + 2.9 s, ready by elapsed + 3 s.
  await page.clock.runFor(elapsed + 1899);
  await expect(screen).toHaveAttribute("data-phase", "pending");
  await page.clock.runFor(101);
  await expect(screen).toHaveAttribute("data-phase", "ready");
  await expect(page.getByTestId("loading-text")).toHaveText("Connected to Helios!");
  await page.clock.runFor(800);
  await expect(screen).toHaveCount(0);
});

test("in NETWORK, losing the socket brings the loading screen back at drive-in", async ({
  page,
}) => {
  await page.goto(`/?backend=${encodeURIComponent(FEED_URL)}`);
  await expect(page.getByTestId("loading-text")).toHaveText("Connected to Helios!");
  await expect(page.getByTestId("loading-screen")).toHaveCount(0);
  // The feed server reports the car's latency on connect (the car flag waits for carConnect).
  await expect(page.getByTestId("status-car-latency")).toHaveText(/Car latency \d+ ms/);

  await page.keyboard.press("s");
  await page.getByLabel("Backend URL").fill("http://127.0.0.1:9");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("loading-screen")).toHaveAttribute(
    "data-phase",
    /drive-in|pending/,
  );
  await expect(page.getByTestId("loading-text")).toHaveText("Connecting to Helios...");
});
