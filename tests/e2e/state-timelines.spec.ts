// State timelines in real Chromium, on a feed of the test's own: the battery
// faults shown as a timeline from the Faults tab, a fault one packet long
// injected into them, found at "Today" as a red mark, named on hover, and a
// click on it moving the other plots to its moment. MBMS System State drawn
// as labelled codes.
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { FeedServer } from "../../feed-server/FeedServer";
import { openOnFeed, startInjectedFeed } from "./injectedFeed";
import { waitUntilOnTop } from "./plotHelpers";

const FAULT = "BatteryFaults.Errors.WeakCellFault";
/** The fault lasts one packet: 0.1 s at the feed's 10 packets/s, from 3 s in. */
const FAULT_AT_S = 3;
const ONE_PACKET_S = 0.1;
/** MBMS System State reads 5 for 2 s from 2 s in (the simulated car's is 3). */
const CODE_AT_S = 2;
const CODE_FOR_S = 2;

/** Dark red of a set fault (timelineOptions.ts, light theme), as RGB. */
const FAULT_RED = [0xcd, 0x42, 0x46];

/**
 * Where the timeline's picture is near `rgb`, per row band (rows of equal
 * height, top first): how many pixels, and the first one's x (CSS px from the
 * plotting area's left; -1 when none).
 */
async function inkByRow(
  card: Locator,
  rows: number,
  rgb: number[],
): Promise<{ counts: number[]; firstX: number[] }> {
  const png = (await card.locator(".plot-series-layer").screenshot()).toString("base64");
  return card.page().evaluate(
    async ({ png, rows, rgb, axisCss }) => {
      const picture = new Image();
      picture.src = `data:image/png;base64,${png}`;
      await picture.decode();
      const canvas = new OffscreenCanvas(picture.width, picture.height);
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(picture, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, picture.width, picture.height);
      // The screenshot is in CSS px; the time axis under the rows is not a row.
      const rowsHeight = height - axisCss;
      const counts = new Array<number>(rows).fill(0);
      const firstX = new Array<number>(rows).fill(-1);
      for (let y = 0; y < rowsHeight; y++)
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const off =
            Math.abs(data[i]! - rgb[0]!) +
            Math.abs(data[i + 1]! - rgb[1]!) +
            Math.abs(data[i + 2]! - rgb[2]!);
          if (off >= 40) continue;
          const row = Math.min(rows - 1, Math.floor((y / rowsHeight) * rows));
          counts[row]!++;
          if (firstX[row]! < 0 || x < firstX[row]!) firstX[row] = x;
        }
      return { counts, firstX };
    },
    { png, rows, rgb, axisCss: TIME_AXIS_CSS },
  );
}

/** The time axis under a plot's rows (plotOptions.ts TIME_AXIS_SIZE), CSS px. */
const TIME_AXIS_CSS = 24;

/** Moves the pointer onto row `row`'s mark at x (CSS px from the plotting area's left). */
async function pointAt(card: Locator, rows: number, row: number, x: number): Promise<void> {
  const box = (await card.locator(".plot-series-layer").boundingBox())!;
  const rowHeight = (box.height - TIME_AXIS_CSS) / rows;
  await card.page().mouse.move(box.x + x + 0.5, box.y + (row + 0.5) * rowHeight);
}

async function showFaultsAsTimeline(page: Page): Promise<Locator> {
  await page.getByRole("tab", { name: "Faults" }).click();
  const section = page.locator(".helios-field-section", { hasText: "Battery faults: Errors" });
  await section.getByRole("button", { name: "Show as timeline" }).click();
  await expect(page.getByTestId("plots-panel")).toBeVisible();
  const card = page.locator('[data-plot-kind="timeline"]').last();
  await expect(card).toBeVisible();
  return card;
}

let server: FeedServer;

test.beforeEach(async () => {
  server = await startInjectedFeed([
    { atSeconds: FAULT_AT_S, field: FAULT, value: true, forSeconds: ONE_PACKET_S },
    { atSeconds: CODE_AT_S, field: "MBMS.SystemState", value: 5, forSeconds: CODE_FOR_S },
  ]);
});

test.afterEach(async () => {
  await server.stop();
});

test("the battery faults as a timeline: a one-packet fault is a red mark at Today, named on hover; a click moves the plots", async ({
  page,
}) => {
  await openOnFeed(page, server, "/faults");
  const card = await showFaultsAsTimeline(page);
  const rows = (await card.locator(".plot-chart").getAttribute("data-timeline-rows"))!.split("\n");
  expect(rows).toContain("Weak Cell Fault");
  expect(rows.length).toBeGreaterThan(15);
  const faultRow = rows.indexOf("Weak Cell Fault");

  // A few seconds after the fault, at Today (a day's span on a few hundred pixels).
  await expect.poll(() => server.sentLog.length, { timeout: 20_000 }).toBeGreaterThan(60);
  await page.getByRole("button", { name: "Today" }).click();
  // The new plot was scrolled into view (the click on Today scrolled back to the toolbar).
  await card.scrollIntoViewIfNeeded();
  await waitUntilOnTop(card.locator(".plot-chart"));
  await expect
    .poll(async () => (await inkByRow(card, rows.length, FAULT_RED)).counts[faultRow], {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  // Red in its row only: the other faults stayed clear.
  const ink = await inkByRow(card, rows.length, FAULT_RED);
  expect(ink.counts.filter((n, r) => r !== faultRow && n > 0)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("faults-timeline.png"), fullPage: true });

  const faulty = (p: FeedServer["sentLog"][number]) =>
    (p.packet as { BatteryFaults: { Errors: { WeakCellFault: boolean } } }).BatteryFaults.Errors
      .WeakCellFault;
  const first = server.sentLog.findIndex(faulty);
  const faultTime = server.sentLog[first]!.time;
  // It held until the next packet without it (the feed's clock decides how many had it).
  const cleared = server.sentLog.slice(first).find((p) => !faulty(p))!.time;
  expect(cleared - faultTime).toBeLessThan(0.35);
  const lasted = `${(cleared - faultTime).toFixed(1)} s`;
  const clock = (t: number) =>
    new Date(t * 1000).toLocaleTimeString("en-GB", { timeZone: "America/Chicago" });

  // Hover names it. At Today the plot is drawn from buckets (about a minute
  // each here), and the tooltip reads the mark's times again from its packets.
  expect(Number(await card.locator(".uplot").getAttribute("data-bucket-seconds"))).toBeGreaterThan(
    10,
  );
  await pointAt(card, rows.length, faultRow, ink.firstX[faultRow]!);
  const tip = card.locator(".plot-state-tip");
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(
    new RegExp(`^Weak Cell Fault: set at ${clock(faultTime)} \\w+, for ${lasted}$`),
  );
  await card.screenshot({ path: test.info().outputPath("faults-timeline-hover.png") });

  // A click shows its moment on every plot: 30 s either side of the fault, to the packet.
  await page.mouse.down();
  await page.mouse.up();
  const focus = page.getByTestId("plots-focus");
  await expect(focus).toContainText("Showing Weak Cell Fault: set");
  const from = Number(await focus.getAttribute("data-from"));
  const to = Number(await focus.getAttribute("data-to"));
  expect(from).toBeCloseTo(faultTime - 30, 2);
  expect(to).toBeCloseTo(cleared + 30, 2);

  // Still drawn from buckets there: a drag over the mark zooms in to every packet, and the mark is exact.
  await card.scrollIntoViewIfNeeded();
  let near = await inkByRow(card, rows.length, FAULT_RED);
  await expect
    .poll(async () => {
      near = await inkByRow(card, rows.length, FAULT_RED);
      return near.counts[faultRow];
    })
    .toBeGreaterThan(0);
  const box = (await card.locator(".plot-series-layer").boundingBox())!;
  const rowY = box.y + (faultRow + 0.5) * ((box.height - TIME_AXIS_CSS) / rows.length);
  await page.mouse.move(box.x + near.firstX[faultRow]! - 25, rowY);
  await page.mouse.down();
  await page.mouse.move(box.x + near.firstX[faultRow]! + 25, rowY, { steps: 5 });
  await page.mouse.up();
  await expect(card.locator(".uplot")).toHaveAttribute("data-bucket-seconds", "0");
  let exact = near;
  await expect
    .poll(async () => {
      exact = await inkByRow(card, rows.length, FAULT_RED);
      return exact.counts[faultRow];
    })
    .toBeGreaterThan(0);
  await pointAt(card, rows.length, faultRow, exact.firstX[faultRow]! + 1);
  await expect(tip).toHaveText(
    new RegExp(`^Weak Cell Fault: set at \\d\\d:\\d\\d:\\d\\d \\w+, for ${lasted}$`),
  );
  await page.screenshot({ path: test.info().outputPath("faults-timeline-zoomed.png") });
});

test("MBMS System State as a timeline: its codes in bands, a code that came and went named on hover", async ({
  page,
}) => {
  await openOnFeed(page, server, "/contactors");
  const section = page
    .locator(".helios-field-section")
    .filter({ has: page.getByRole("heading", { name: "MBMS", exact: true }) });
  await section.getByRole("button", { name: "Show as timeline" }).click();
  const card = page.locator('[data-plot-kind="timeline"]').last();
  await expect(card.locator(".plot-chart")).toHaveAttribute(
    "data-timeline-rows",
    "MBMS Startup State (code)\nMBMS System State (code)",
  );
  await expect.poll(() => server.sentLog.length, { timeout: 20_000 }).toBeGreaterThan(60);
  await page.getByRole("button", { name: "30 s" }).click();
  await card.scrollIntoViewIfNeeded();
  await waitUntilOnTop(card.locator(".plot-chart"));
  // Along the System State row (the second of two) the pointer finds code 3, then 5, then 3.
  const box = (await card.locator(".plot-series-layer").boundingBox())!;
  const rowY = box.y + 1.5 * ((box.height - TIME_AXIS_CSS) / 2);
  const tip = card.locator(".plot-state-tip");
  const seen: string[] = [];
  for (let x = 2; x < box.width; x += 6) {
    await page.mouse.move(box.x + x, rowY);
    const text = (await tip.isVisible()) ? await tip.textContent() : null;
    const code = text ? /^MBMS System State \(code\): (code \d+) at/.exec(text)?.[1] : null;
    if (code && seen.at(-1) !== code) seen.push(code);
    // A live window is drawn from buckets: its times are known to a bucket (≈), about 2 s.
    if (code === "code 5") expect(text).toMatch(/code 5 at ≈?\d\d:\d\d:\d\d \w+, for ≈?[12]\.\d s/);
  }
  expect(seen).toEqual(["code 3", "code 5", "code 3"]);
  await page.screenshot({ path: test.info().outputPath("system-state-timeline.png") });
  // At a phone's size the timeline fits the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1000); // the plots redrawn at their new width, for the picture
  const phone = (await card.boundingBox())!;
  expect(phone.x + phone.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("system-state-timeline-phone.png") });
});

test("a timeline hides the rows that never change in the window, and shows them again", async ({
  page,
}) => {
  await openOnFeed(page, server, "/faults");
  const card = await showFaultsAsTimeline(page);
  const rowsOf = async () =>
    ((await card.locator(".plot-chart").getAttribute("data-timeline-rows")) ?? "").split("\n");
  const every = await rowsOf();
  // The one-packet fault is in the window (2 min) once the feed is past it.
  await expect.poll(() => server.sentLog.length, { timeout: 20_000 }).toBeGreaterThan(50);
  await card.getByRole("button", { name: "Hide rows that never change" }).click();
  // Waits for the hidden rows to go: the fault's row was there before the click too.
  const hidden = async () => {
    const rows = await rowsOf();
    return rows.length < every.length && rows.includes("Weak Cell Fault");
  };
  await expect.poll(hidden).toBe(true);
  const kept = await rowsOf();
  expect(kept.every((row) => every.includes(row))).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("steady-rows-hidden.png") });
  await card.getByRole("button", { name: "Show every row" }).click();
  await expect.poll(rowsOf).toEqual(every);
});
