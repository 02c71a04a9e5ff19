// The offline app (issue 63), in Chromium with its service worker: after one
// visit, a reload with the network cut opens the app, every tab, and the
// session recorded before; the "Update ready" button is absent while the
// build is the one installed.
import { expect, test } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";

test.use({ serviceWorkers: "allow" });
test.setTimeout(120_000);

const query = `backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;

test("after one visit the app loads with the network off: every tab, and the recorded session", async ({
  page,
  context,
}) => {
  await page.goto(`/plots?${query}`);
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
  // Everything the build emits is cached once the service worker is active.
  const cached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    let entries = 0;
    for (const key of await caches.keys())
      entries += (await (await caches.open(key)).keys()).length;
    return entries;
  });
  expect(cached).toBeGreaterThan(30);
  // The backend's polls skip Workbox's routing: the service worker served imports the pass first.
  const served = await page.evaluate(async () => (await fetch("/sw.js")).text());
  expect(served.indexOf('importScripts("/sw-pass.js")')).toBeGreaterThan(-1);
  expect(served.indexOf('importScripts("/sw-pass.js")')).toBeLessThan(
    served.indexOf("precacheAndRoute"),
  );
  await expect(page.getByTestId("status-history")).toContainText(/History\s+[1-9]\d{2}/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId("status-app-update")).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[data-plot-id="speed"] .plot-series-layer')).toBeVisible({
    timeout: 20_000,
  });

  // Every tab opens from the cache (each is a chunk of its own or the shell).
  const tabs = page.getByRole("navigation", { name: "Panels" }).getByRole("tab");
  const names = await tabs.allTextContents();
  expect(names.length).toBeGreaterThan(10);
  for (const name of names) {
    await page.getByRole("navigation", { name: "Panels" }).getByRole("tab", { name }).click();
    await expect(page.getByRole("tab", { name, selected: true })).toBeVisible();
    await expect(page.getByText(/Failed to fetch|error loading/i)).toHaveCount(0);
  }

  // The session recorded before the reload is listed, and this one records on.
  await page
    .getByRole("navigation", { name: "Panels" })
    .getByRole("tab", { name: "Sessions" })
    .click();
  await expect(page.getByTestId("session-row")).toHaveCount(2, { timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath("offline-sessions.png") });

  // A deep link opens offline too (the shell answers every tab's address).
  await page.goto(`/battery?${query}`);
  await expect(page.getByRole("tab", { name: "Battery", selected: true })).toBeVisible({
    timeout: 20_000,
  });
  await context.setOffline(false);
});
