import { expect, test, type Locator, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { plot, waitUntilOnTop } from "./plotHelpers";
import { gotoPastLoading, reloadPastLoading } from "./shell-helpers";

// The plot workspace over the real worker's DEMO feed, a little faster than
// the default 2 packets/s so that every check sees new data within a second.
const PLOTS_URL = `/plots?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;

/**
 * The chart's picture as a person sees it (uPlot's axes and grid with the
 * series layer over them), as a PNG in base64. The series layer is painted by
 * a worker on an OffscreenCanvas, which only shows on the screen.
 */
async function canvasImage(card: Locator): Promise<string> {
  const shot = await card.locator(".uplot canvas").first().screenshot();
  return shot.toString("base64");
}

async function openPlots(page: Page): Promise<void> {
  await gotoPastLoading(page, PLOTS_URL);
  await expect(page.getByTestId("plots-panel")).toBeVisible({ timeout: 20_000 });
  await expect(plot(page, "speed").locator(".uplot canvas").first()).toBeVisible();
}

// Every test gets a fresh browser context: empty localStorage, default layout.

/**
 * What the series layer shows on the screen: pixels in a series colour (the
 * grid and background are grey or white), how far right the newest line
 * reaches (0..1), and the dark grey pixels of the time labels in the axis
 * strip at its bottom (TIME_AXIS_SIZE = 24 CSS px).
 */
async function seriesInk(
  card: Locator,
): Promise<{ inked: number; reach: number; labelInk: number; image: string }> {
  const image = (await card.locator(".plot-series-layer").screenshot()).toString("base64");
  const ink = await card.page().evaluate(async (png) => {
    const picture = new Image();
    picture.src = `data:image/png;base64,${png}`;
    await picture.decode();
    const canvas = document.createElement("canvas");
    canvas.width = picture.width;
    canvas.height = picture.height;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(picture, 0, 0);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    let right = -1;
    let labelInk = 0;
    const axisTop = (canvas.height - 24) * canvas.width;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (Math.max(r, g, b) - Math.min(r, g, b) < 60) {
        // grey: grid and background; dark grey below the plotting area: time labels
        if (i / 4 >= axisTop && Math.max(r, g, b) < 160) labelInk++;
        continue;
      }
      inked++;
      right = Math.max(right, (i / 4) % canvas.width);
    }
    return { inked, reach: (right + 1) / canvas.width, labelInk };
  }, image);
  return { ...ink, image };
}

test("a plot draws the DEMO data as lines that keep reaching the right edge, over a labelled time axis", async ({
  page,
}) => {
  await openPlots(page);
  const speed = plot(page, "speed");
  await waitUntilOnTop(speed.locator(".u-over"));
  // Lines, not an empty layer: at least a plot-width of inked pixels, up to the newest data on the right.
  await expect
    .poll(
      async () => {
        const ink = await seriesInk(speed);
        // … and the time axis under them, with its labels.
        return ink.inked > 100 && ink.reach > 0.97 && ink.labelInk > 50;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const first = (await seriesInk(speed)).image;
  await expect
    .poll(async () => (await seriesInk(speed)).image, { timeout: 10_000 })
    .not.toBe(first);
  expect((await seriesInk(speed)).reach).toBeGreaterThan(0.97);
});

test("Today shows the day from its start: a fresh DEMO feed's lines sit at the left of the day's hour and grow", async ({
  page,
}) => {
  await openPlots(page);
  const speed = plot(page, "speed");
  await waitUntilOnTop(speed.locator(".u-over"));
  await page.getByRole("button", { name: "Today" }).click();
  await expect(page.locator('[data-window="today"]')).toHaveClass(/active/);
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  // The fresh history's first packet begins the day, and its range is the
  // first step of an hour: seconds of data at the left, the rest still empty
  // (a fixed window would reach the right edge), over a labelled time axis.
  await expect
    .poll(
      async () => {
        const ink = await seriesInk(speed);
        return ink.inked > 0 && ink.reach < 0.2 && ink.labelInk > 50;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const first = await seriesInk(speed);
  await expect
    .poll(async () => (await seriesInk(speed)).inked, { timeout: 20_000 })
    .toBeGreaterThan(first.inked);
  expect((await seriesInk(speed)).reach).toBeLessThan(0.2);
});

test("the lines stay in their plots when a plot is removed and when the window narrows", async ({
  page,
}) => {
  await openPlots(page);
  const pack = plot(page, "pack");
  /** The pack plot shows its own lines and time labels, wherever it now is. */
  const drawnInPlace = () =>
    expect
      .poll(
        async () => {
          // A new size rebuilds the chart: its layer may go between finding and shooting it.
          const ink = await seriesInk(pack).catch(() => null);
          return ink !== null && ink.inked > 100 && ink.reach > 0.97 && ink.labelInk > 50;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  await drawnInPlace();
  const before = await pack.boundingBox();
  // Every plot's lines are painted on one canvas over the grid: they must move with the cards.
  await page
    .getByTestId("plots-panel")
    .locator('[data-plot-id="speed"] [aria-label="Remove plot"]')
    .click();
  await expect(plot(page, "speed")).toHaveCount(0);
  await expect.poll(async () => (await pack.boundingBox())?.x).not.toBe(before?.x);
  await drawnInPlace();
  await page.setViewportSize({ width: 700, height: 900 });
  await expect.poll(async () => (await pack.boundingBox())?.width).toBeLessThan(700);
  await drawnInPlace();
});

test("dragging to zoom pauses follow; double-click returns to live", async ({ page }) => {
  await openPlots(page);
  const pack = plot(page, "pack");
  const over = pack.locator(".u-over");
  await waitUntilOnTop(over);
  await page.waitForTimeout(1500); // some data to zoom into
  const box = (await over.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.6, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, y, { steps: 6 });
  await page.mouse.up();

  await expect(page.getByTestId("plots-mode")).toHaveText("Zoomed");
  // A fixed past range: new packets no longer move the picture.
  await page.mouse.move(box.x - 20, box.y - 20); // away, so no cursor is involved
  await page.waitForTimeout(500);
  const frozen = await canvasImage(pack);
  await page.waitForTimeout(1500);
  expect(await canvasImage(pack)).toBe(frozen);

  await page.mouse.dblclick(box.x + box.width / 2, y);
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  await expect.poll(() => canvasImage(pack), { timeout: 10_000 }).not.toBe(frozen);
});

test("Space pauses and resumes all plots", async ({ page }) => {
  await openPlots(page);
  await waitUntilOnTop(plot(page, "speed").locator(".u-over"));
  await page.keyboard.press("Space");
  await expect(page.getByTestId("plots-mode")).toHaveText("Paused");
  const speed = plot(page, "speed");
  await page.waitForTimeout(300);
  const paused = await canvasImage(speed);
  await page.waitForTimeout(1500);
  expect(await canvasImage(speed)).toBe(paused);
  // Paused, no new data comes: a pointer that leaves the plot leaves its legend
  // on the newest values, not a placeholder per series (issue 58).
  const over = speed.locator(".u-over");
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(speed.locator(".u-legend .u-value").first()).toHaveText(/\d/);
  await page.mouse.move(box.x + box.width / 2, box.y - 60);
  await page.waitForTimeout(1200); // past the legend's slots: nothing else rewrites it
  const values = await speed.locator(".u-legend .u-value").allTextContents();
  expect(values.length).toBeGreaterThan(1);
  for (const value of values) expect(value).not.toMatch(/^(--|—|)$/);
  await page.keyboard.press("Space");
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  await expect.poll(() => canvasImage(speed), { timeout: 10_000 }).not.toBe(paused);
});

test("the cursor moves together across plots", async ({ page }) => {
  await openPlots(page);
  const speedOver = plot(page, "speed").locator(".u-over");
  await waitUntilOnTop(speedOver);
  await page.waitForTimeout(1500);
  await page.keyboard.press("Space"); // hold the picture still while we point at it
  const box = (await speedOver.boundingBox())!;
  const socTime = plot(page, "soc").locator(".u-legend .u-series").first().locator(".u-value");
  const speedTime = plot(page, "speed").locator(".u-legend .u-series").first().locator(".u-value");

  await page.mouse.move(box.x + box.width * 0.97, box.y + box.height / 2);
  await expect(socTime).not.toHaveText(/^\s*[-–]*\s*$/);
  // Live plots are refreshed by the render worker; paused, each plot fetches
  // its frozen window once, so the two agree within a frame or two.
  await expect
    .poll(async () => (await socTime.textContent()) === (await speedTime.textContent()))
    .toBe(true);
  const socCursor = plot(page, "soc").locator(".u-cursor-x");
  const rightX = await socCursor.evaluate((el) => el.getBoundingClientRect().x);

  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2, { steps: 4 });
  await expect
    .poll(() => socCursor.evaluate((el) => el.getBoundingClientRect().x))
    .toBeLessThan(rightX - 5);
  await expect(socTime).toHaveText((await speedTime.textContent()) ?? "");
});

test("the layout survives a reload", async ({ page }) => {
  await openPlots(page);
  await waitUntilOnTop(page.getByTestId("plots-panel"));
  await page.getByRole("button", { name: "10 min" }).click();
  await plot(page, "soc").getByRole("button", { name: "Remove plot" }).click();
  await page.getByRole("button", { name: "Add plot" }).click();
  const added = page.locator(".plot-card").last();
  await added.getByRole("button", { name: "Add or remove fields" }).click();
  await page.getByPlaceholder("Search fields…").fill("fan speed");
  await page.locator('[data-path="Battery.FanSpeed"]').click();
  await page.keyboard.press("Escape");
  await expect(added.locator(".plot-card-title")).toHaveText(/Battery Fan Speed/);
  const ids = await page
    .locator(".plot-card")
    .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-plot-id")));

  await reloadPastLoading(page);
  await expect(page.getByTestId("plots-panel")).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() =>
      page
        .locator(".plot-card")
        .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-plot-id"))),
    )
    .toEqual(ids);
  expect(ids).not.toContain("soc");
  await expect(page.locator(".plot-card").last().locator(".plot-card-title")).toHaveText(
    /Battery Fan Speed/,
  );
  await expect(page.locator('[data-window="10m"]')).toHaveClass(/active/);
});

test("a bad stored layout falls back to the default with a warning", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("plotLayout", '{"version":1,"plots":"x"}'));
  await openPlots(page);
  await expect(page.getByText("Saved plot layout was invalid.")).toBeVisible();
  await expect(plot(page, "pack")).toBeVisible();
});

test("the speed axis reads km/h on a metric dashboard, and mph once switched to imperial", async ({
  page,
}) => {
  await openPlots(page);
  const speedChart = plot(page, "speed").locator(".plot-chart");
  // The car sends m/s; people read a car's speed in km/h.
  await expect(speedChart).toHaveAttribute("data-axis-units", "km/h");
  await expect(plot(page, "speed").locator(".u-legend")).toContainText("km/h");

  await page.addInitScript(() =>
    localStorage.setItem("settings", JSON.stringify({ appUnits: "imperial" })),
  );
  await reloadPastLoading(page);
  await expect(speedChart).toHaveAttribute("data-axis-units", "mph", { timeout: 20_000 });
  await expect(plot(page, "speed").locator(".u-legend")).toContainText("mph");
});

test("a plot in a hidden tab does not redraw, and catches up when the tab is shown", async ({
  page,
}) => {
  // The page says it is hidden, as a background browser tab would (headless
  // Chromium keeps its one page visible, so visibilityState is overridden).
  await page.addInitScript(() => {
    let state: DocumentVisibilityState = "visible";
    Object.defineProperty(document, "visibilityState", { get: () => state });
    Object.defineProperty(document, "hidden", { get: () => state === "hidden" });
    (window as unknown as { setHidden: (h: boolean) => void }).setHidden = (hidden) => {
      state = hidden ? "hidden" : "visible";
      document.dispatchEvent(new Event("visibilitychange"));
    };
  });
  await openPlots(page);
  const speed = plot(page, "speed");
  const draws = () => page.evaluate(() => window.__heliosPlotStats!.setDataCalls);
  const requests = () => page.evaluate(() => window.__heliosPlotStats!.requests);
  await expect.poll(draws, { timeout: 10_000 }).toBeGreaterThan(0);
  // Pictures are compared as seen on the screen: the loading screen must be gone.
  await waitUntilOnTop(speed.locator(".u-over"));

  await page.evaluate(() =>
    (window as unknown as { setHidden: (h: boolean) => void }).setHidden(true),
  );
  await page.waitForTimeout(300); // a refresh asked for before hiding may land
  const hiddenImage = await canvasImage(speed);
  const [drawsHidden, requestsHidden] = [await draws(), await requests()];
  await page.waitForTimeout(2000); // 40 DEMO packets arrive meanwhile
  expect(await draws()).toBe(drawsHidden);
  expect(await requests()).toBe(requestsHidden);
  expect(await canvasImage(speed)).toBe(hiddenImage);

  // Shown again: it asks at once and draws what arrived meanwhile, well within a
  // second. Timed in the page, from the event to the first draw: polling the
  // canvas from here would count the test's own round trips (each reads the
  // whole canvas) against the app.
  const caughtUpMs = await page.evaluate(async (before) => {
    const start = performance.now();
    (window as unknown as { setHidden: (h: boolean) => void }).setHidden(false);
    while (window.__heliosPlotStats!.setDataCalls <= before) {
      if (performance.now() - start > 10_000) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return performance.now() - start;
  }, drawsHidden);
  expect(caughtUpMs).toBeLessThan(1_000);
  await expect.poll(() => canvasImage(speed), { timeout: 5_000 }).not.toBe(hiddenImage);
});

test("the legends' values and the status bar's figures show their whole text", async ({ page }) => {
  // Both are boxes of their own size (contain: size), so text that outgrew its
  // box would be cut or drawn over its neighbour rather than push it aside.
  await openPlots(page);
  await expect(page.getByTestId("status-rate")).toHaveText(/[1-9][\d.]* pkt\/s/, {
    timeout: 20_000,
  });
  const values = page.locator(".plot-chart .u-legend .u-value");
  await expect.poll(() => values.count(), { timeout: 15_000 }).toBeGreaterThan(3);
  await expect(values.first()).toHaveText(/\d/, { timeout: 15_000 });
  const overflowing = () =>
    page.evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLElement>(".u-legend .u-value, .helios-status-figure"),
      )
        .filter((box) => box.textContent !== "" && box.scrollWidth > box.clientWidth + 1)
        .map((box) => `${box.textContent} (${box.scrollWidth} > ${box.clientWidth} px)`),
    );
  // Over a few seconds of changing values, and in imperial units too.
  const watch = async () => {
    for (let i = 0; i < 5; i++) {
      expect(await overflowing()).toEqual([]);
      await page.waitForTimeout(600);
    }
  };
  await watch();
  await page.addInitScript(() =>
    localStorage.setItem("settings", JSON.stringify({ appUnits: "imperial" })),
  );
  await reloadPastLoading(page);
  await expect(plot(page, "speed").locator(".u-legend")).toContainText("mph", { timeout: 20_000 });
  await watch();
});

test("the wheel over a plot scrolls the page and the plots stay live; ctrl+wheel zooms", async ({
  page,
}) => {
  // Short enough that the page of plots scrolls.
  await page.setViewportSize({ width: 1000, height: 500 });
  await openPlots(page);
  const pack = plot(page, "pack");
  const over = pack.locator(".u-over");
  await waitUntilOnTop(over);
  await expect(page.getByTestId("plots-hint")).toContainText("Ctrl+wheel: zoom");
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  const top = async () => (await pack.boundingBox())!.y;
  const before = await top();
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 200);
  // The page scrolled under the pointer, and no plot left live.
  await expect.poll(top).toBeLessThan(before - 50);
  await page.waitForTimeout(300);
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  await expect(page.getByTestId("plots-live")).toHaveClass(/active/);

  // Ctrl+wheel over a plot now in view zooms, and the page stays where it is.
  const boxes = await page
    .locator(".plot-card .u-over")
    .evaluateAll((overs) => overs.map((o) => o.getBoundingClientRect().toJSON() as DOMRect));
  const inView = boxes.find((b) => b.y >= 0 && b.y + b.height <= 500)!;
  expect(inView).toBeDefined();
  await page.mouse.move(inView.x + inView.width / 2, inView.y + inView.height / 2);
  const scrolled = await top();
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -100);
  await page.keyboard.up("Control");
  await expect(page.getByTestId("plots-mode")).toHaveText("Zoomed");
  expect(await top()).toBe(scrolled); // the wheel went to the plot, not the page
});
