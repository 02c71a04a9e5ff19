// The Map tab in Chromium: the DEMO track and the car drawn with no request
// leaving the machine, hover and click on the trail moving the plots, and the
// finish line moved against the feed server with a right and a wrong password.
import { expect, test, type Page } from "@playwright/test";
import { FEED_URL, NO_BACKEND_URL } from "./e2e-env";

const local = (url: string) => /^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url);
const isInternal = (url: string) => /^(data|blob|about|chrome-extension):/.test(url);

async function watchRequests(page: Page): Promise<string[]> {
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!local(url) && !isInternal(url)) outside.push(url);
  });
  return outside;
}

/** The trail's canvas has drawn pixels (not just the background). */
async function trailDrawn(page: Page): Promise<boolean> {
  return page.locator(".leaflet-overlay-pane canvas").evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const data = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data;
    if (!data) return false;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
    return painted > 200;
  });
}

test("draws the DEMO track and the car marker with no request leaving the machine", async ({
  page,
}) => {
  const outside = await watchRequests(page);
  await page.goto(`/map?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=50`);
  await expect(page.getByTestId("map")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("map-car")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("map-finish")).toBeVisible();
  await expect.poll(() => trailDrawn(page), { timeout: 20_000 }).toBe(true);
  await expect(page.getByTestId("map-legend")).toContainText("Vehicle Velocity");
  await expect(page.getByTestId("map-legend-max")).toContainText("m/s");
  await expect(page.locator(".leaflet-control-scale")).toBeVisible();
  await expect(page.locator(".leaflet-tile-pane img")).toHaveCount(0);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: "/tmp/e2e10/map-demo.png" });
  expect(outside).toEqual([]);
});
