// The Map tab in Chromium: the DEMO track and the car drawn with no request
// leaving the machine, hover and click on the trail moving the plots, the
// finish line moved against the feed server with a right and a wrong password,
// and a demo day's alert pins clustered, switched off and filtered.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { FeedServer } from "../../feed-server/FeedServer";
import { onFastLapFeed } from "./lapFeed";
import { NO_BACKEND_URL } from "./e2e-env";
import { waitForDemoDay } from "./demoDay";
import { gotoPastLoading, reloadPastLoading } from "./shell-helpers";

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
  return page.getByTestId("map-trail").evaluate((canvas) => {
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
  await gotoPastLoading(page, `/map?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=50`);
  await expect(page.getByTestId("map")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("map-car")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("map-finish")).toBeVisible();
  await expect.poll(() => trailDrawn(page), { timeout: 20_000 }).toBe(true);
  await expect(page.getByTestId("map-legend")).toContainText("Vehicle Velocity");
  await expect(page.getByTestId("map-legend-max")).toContainText("km/h"); // the car sends m/s
  await expect(page.locator(".leaflet-control-scale")).toBeVisible();
  await expect(page.locator(".leaflet-tile-pane img")).toHaveCount(0);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: "/tmp/e2e10/map-demo.png" });
  expect(outside).toEqual([]);
});

test("a tile server that does not answer gives one quiet notice, with the attribution shown", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // Port 9 (discard) on this machine: every tile request is refused.
  const settings = { tileUrl: "http://127.0.0.1:9/{z}/{x}/{y}.png", attribution: "Test tiles" };
  await page.addInitScript(
    (value) => localStorage.setItem("mapSettings", value),
    JSON.stringify(settings),
  );
  await page.goto(`/map?backend=${encodeURIComponent(NO_BACKEND_URL)}`);
  await expect(page.getByTestId("map-tile-notice")).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId("map-tile-notice")).toContainText("did not answer");
  await expect(page.locator(".leaflet-control-attribution")).toContainText("Test tiles");
  await page.waitForTimeout(1000); // more tiles fail meanwhile: still one notice, no toast
  await expect(page.getByTestId("map-tile-notice")).toHaveCount(1);
  await expect(page.locator(".helios-toaster .bp6-toast")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("hovering the trail shows the time and the values there; clicking moves the plots there", async ({
  page,
}) => {
  await gotoPastLoading(page, `/map?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=50`);
  const car = page.getByTestId("map-car");
  await expect(car).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => trailDrawn(page), { timeout: 20_000 }).toBe(true);
  // Follow mode keeps the car (the trail's newest point) where it is drawn.
  const box = (await car.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId("map-hover")).toContainText(/\d{1,2}:\d{2}:\d{2}/);
  const hover = page.getByTestId("map-hover");
  await expect(hover).toContainText("Vehicle Velocity");
  // The moment's main values, in the current (metric) units.
  for (const text of [
    "Pack Power",
    "Pack Voltage",
    "Pack Current",
    "MPPT Array Power",
    " km/h",
    " V",
    " A",
    " W",
  ])
    await expect(hover).toContainText(text);
  await page.screenshot({ path: "/tmp/e2e10/map-hover.png" });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId("map-moment")).toContainText("Plots moved to");
  await page.getByRole("tab", { name: "Plots" }).click();
  const focus = page.getByTestId("plots-focus");
  await expect(focus).toContainText("Map:", { timeout: 20_000 });
  await expect(page.getByTestId("plots-mode")).toHaveText("Zoomed");
  const from = Number(await focus.getAttribute("data-from"));
  const to = Number(await focus.getAttribute("data-to"));
  expect(to - from).toBe(60);
  expect(Math.abs((from + to) / 2 - Date.now() / 1000)).toBeLessThan(120);
});

for (const generation of ["2026-01", "2026-06"] as const) {
  test(`moves the finish line on a ${generation} feed server: wrong password refused, right one accepted`, async ({
    page,
  }) => {
    const server = await FeedServer.start({ port: 0, rate: 5, password: "sun", generation });
    try {
      await page.goto(`/map?backend=${encodeURIComponent(server.url)}`);
      await expect(page.getByTestId("status-connection-type")).toHaveText("NETWORK", {
        timeout: 20_000,
      });
      await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
      await page.getByTestId("map-set-finish").click();
      const frame = (await page.getByTestId("map").boundingBox())!;
      await page.mouse.click(frame.x + frame.width / 3, frame.y + frame.height / 2);
      const dialog = page.getByRole("dialog", { name: "Set finish line here" });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("Finish-line password").fill("nope");
      await dialog.getByRole("button", { name: "Move finish line" }).click();
      // 2026-01 broadcasts the error to every client: it cannot confirm it was ours.
      await expect(dialog.getByTestId("finish-line-answer")).toHaveText(
        generation === "2026-06"
          ? "Invalid password (password)"
          : /^Not confirmed: .*"Invalid password".* not moved\. \(password\)$/,
      );
      expect(server.lapCoords).not.toEqual(expect.objectContaining({ lat: 0 }));
      const before = { ...server.lapCoords };
      await expect(dialog.getByLabel("Finish-line password")).toHaveValue("");
      await dialog.getByLabel("Finish-line password").fill("sun");
      await dialog.getByRole("button", { name: "Move finish line" }).click();
      await expect(dialog.getByTestId("finish-line-answer")).toContainText(
        "The backend moved the finish line to",
      );
      expect(server.lapCoords).not.toEqual(before);
      const lat = await dialog.getByLabel("Latitude").inputValue();
      expect(server.lapCoords.lat).toBeCloseTo(Number(lat), 6);
      // The password is never stored.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(stored).not.toContain('sun"');
    } finally {
      await server.stop();
    }
  });
}

/** Pixels of the selected lap's highlight: its translucent blue, wider than the trail. */
async function highlightPixels(page: Page): Promise<number> {
  return page.getByTestId("map-trail").evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const data = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data;
    if (!data) return 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a > 90 && a < 140 && b > r + 100 && b > g + 50) n++;
    }
    return n;
  });
}

test("selecting a lap zooms the plots to it and highlights its part of the track", async ({
  page,
}) => {
  await onFastLapFeed(page, async () => {
    await page.getByRole("tab", { name: "Map" }).click();
    await page.getByTestId("map-fit").click();
    await expect.poll(() => trailDrawn(page), { timeout: 20_000 }).toBe(true);
    // The trail's own blue end (its colour range spans the bulk of the values,
    // so low values are common) has a few such pixels at its edges.
    const before = await highlightPixels(page);
    expect(before).toBeLessThan(60);
    await page.getByRole("tab", { name: "Laps" }).click();
    await page.getByTestId("lap-row").first().click();
    await page.getByRole("tab", { name: "Map" }).click();
    await page.getByTestId("map-fit").click();
    await expect
      .poll(() => highlightPixels(page), { timeout: 10_000 })
      .toBeGreaterThan(before + 200);
    await page.screenshot({ path: "/tmp/e2e10/map-lap.png" });
    await page.getByRole("tab", { name: "Plots" }).click();
    await expect(page.getByTestId("plots-focus")).toContainText("Lap 1", { timeout: 20_000 });
  });
});

/** The alert marks on the map as a user sees them: badges (count, words, colour) and lone pins. */
async function alertMarks(page: Page) {
  const badges = await page.getByTestId("map-alert-cluster").evaluateAll((els) =>
    els.map((el) => ({
      count: Number(el.textContent),
      label: el.getAttribute("aria-label") ?? "",
      colour: getComputedStyle(el).backgroundColor,
    })),
  );
  const pins = await page
    .getByTestId("map-alert-pin")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-severity")));
  return { badges, pins };
}

/** The marks of `testId` inside the map's frame (Leaflet keeps some just outside it). */
async function marksInView(page: Page, testId: string) {
  const frame = (await page.getByTestId("map").boundingBox())!;
  const inside: Locator[] = [];
  for (const mark of await page.getByTestId(testId).all()) {
    const box = await mark.boundingBox();
    if (
      box &&
      box.x >= frame.x &&
      box.y >= frame.y &&
      box.x + box.width <= frame.x + frame.width &&
      box.y + box.height <= frame.y + frame.height
    )
      inside.push(mark);
  }
  return inside;
}

/** Clicks badges in view until a lone pin shows there (zoomed in, or spread out at the closest zoom). */
async function openToPin(page: Page): Promise<Locator> {
  const settled = () =>
    page.waitForFunction(
      () => !document.querySelector(".leaflet-zoom-anim, .leaflet-cluster-anim"),
    );
  for (let click = 0; click < 10; click++) {
    await settled();
    const [pin] = await marksInView(page, "map-alert-pin");
    if (pin) return pin;
    const [badge] = await marksInView(page, "map-alert-cluster");
    if (!badge) break;
    const label = await badge.getAttribute("aria-label");
    await badge.click();
    // It zooms in (the badge is drawn anew) or spreads its pins out.
    await expect
      .poll(
        async () =>
          (await marksInView(page, "map-alert-pin")).length > 0 ||
          !(await badge.isVisible()) ||
          (await badge.getAttribute("aria-label")) !== label,
      )
      .toBe(true);
  }
  throw new Error("no lone alert pin came into view");
}

const RED = "rgb(205, 66, 70)";
const ORANGE = "rgb(200, 118, 25)";

test("a demo day's alert pins are clustered with counts in their worst colour; a switch and a filter hide them", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const day = `demoRate=10&record=0&demoClock=13:00&demoDay=0.5`;
  await gotoPastLoading(page, `/map?backend=${encodeURIComponent(NO_BACKEND_URL)}&${day}`);
  await waitForDemoDay(page, 0.5);
  await expect(page.getByTestId("map-alert-cluster").first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: "/tmp/e2e10/map-clusters-1440.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("map-alert-cluster").first()).toBeVisible();
  await page.screenshot({ path: "/tmp/e2e10/map-clusters-390.png", fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Badges with counts, fewer marks than alerts; a badge takes its worst severity's colour.
  const before = await alertMarks(page);
  const counted = before.badges.reduce((sum, b) => sum + b.count, 0) + before.pins.length;
  expect(Math.max(...before.badges.map((b) => b.count))).toBeGreaterThan(1);
  expect(before.badges.length + before.pins.length).toBeLessThan(counted);
  for (const badge of before.badges)
    expect(badge.colour).toBe(badge.label.includes("critical") ? RED : ORANGE);
  const mixed = before.badges.find((b) => /critical · \d+ warning/.test(b.label));
  expect(mixed?.colour).toBe(RED);

  // The filter, from the keyboard: without critical pins the mixed badge turns orange.
  const severities = page.getByRole("group", { name: "Alert pins shown, by severity" });
  const critical = severities.getByRole("button", { name: "Critical" });
  await critical.focus();
  await page.keyboard.press("Space");
  await expect(critical).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator('[data-severity="critical"]')).toHaveCount(0);
  await page.screenshot({ path: "/tmp/e2e10/map-clusters-no-critical.png" });
  const filtered = await alertMarks(page);
  expect(filtered.badges.length).toBeGreaterThan(0);
  for (const badge of filtered.badges) {
    expect(badge.label).not.toContain("critical");
    expect(badge.colour).toBe(ORANGE);
  }

  await critical.click();
  await expect(page.locator('[data-severity="critical"]').first()).toBeVisible();

  // Enter on the biggest badge (a button) zooms in there and stops following
  // the car; badges clicked down to lone pins, a pin still tells its alert on hover.
  const scale = page.locator(".leaflet-control-scale-line").first();
  const metres = await scale.textContent();
  const biggest = Math.max(...before.badges.map((b) => b.count));
  await page.getByRole("button", { name: new RegExp(`^${biggest} alerts here`) }).press("Enter");
  await expect(scale).not.toHaveText(metres!);
  await expect(page.getByTestId("map-follow")).not.toHaveClass(/active/);
  const pin = await openToPin(page);
  // The hand comes to the pin from elsewhere. A pin that spread out under the
  // last click may have its tooltip open: leaving it closes it, but Leaflet
  // keeps a closed tooltip 200 ms at opacity 0 while it fades, so the pin's
  // own tooltip is looked for once that one is gone.
  await page.mouse.move(1, 1);
  await pin.hover();
  await expect(page.locator(".leaflet-tooltip")).toHaveCount(1);
  await expect(page.locator(".leaflet-tooltip")).toContainText(/ · \d{1,2}:\d\d/);
  await page.screenshot({ path: "/tmp/e2e10/map-cluster-opened.png" });

  // The switch hides every pin; the switch and the filter are kept for this window.
  await critical.click();
  const pinSwitch = page.getByRole("switch", { name: "Alert pins" });
  await pinSwitch.press("Space");
  await expect(pinSwitch).not.toBeChecked();
  await expect(page.getByTestId("map-alert-cluster")).toHaveCount(0);
  await expect(page.getByTestId("map-alert-pin")).toHaveCount(0);
  await reloadPastLoading(page, `/map?backend=${encodeURIComponent(NO_BACKEND_URL)}&record=0`);
  await expect(page.getByRole("switch", { name: "Alert pins" })).not.toBeChecked();
  await expect(severities.getByRole("button", { name: "Critical" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});
