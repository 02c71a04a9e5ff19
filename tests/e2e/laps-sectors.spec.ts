// Sector lines set on the map and the lap table's sector and energy columns,
// in Chromium against a feed server that drives laps quickly (40 simulated
// seconds a second): two clicks on the track in Sectors mode, a rename, then
// the Laps tab shows a column per sector with the best marked, the
// theoretical best, our energy and ours against the backend's.
import { expect, test, type Page } from "@playwright/test";
import { onFastLapFeed } from "./lapFeed";

test.setTimeout(120_000);
// Wide enough for every column of the lap table in the screenshot.
test.use({ viewport: { width: 2400, height: 1000 } });

/**
 * A painted pixel of the trail where a click reaches the map (page
 * coordinates): inside the map with a margin, not under a marker or a
 * control (the trail's canvas reaches beyond the map's edges, and a marker
 * takes its own clicks). The first such pixel a third of the way down the
 * canvas, or, given `awayFrom`, the one farthest from it.
 */
async function clickableTrackPoint(
  page: Page,
  awayFrom?: { x: number; y: number },
): Promise<{ x: number; y: number } | null> {
  return page.getByTestId("map-trail").evaluate((canvas, away) => {
    const c = canvas as HTMLCanvasElement;
    const data = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data;
    const map = c.closest(".leaflet-container");
    if (!data || !map) return null;
    const rect = c.getBoundingClientRect();
    const inside = map.getBoundingClientRect();
    const scale = c.width / rect.width;
    const MARGIN = 24;
    const clickable: { x: number; y: number }[] = [];
    for (let y = 0; y < c.height; y += 2)
      for (let x = 0; x < c.width; x += 2) {
        if (data[(y * c.width + x) * 4 + 3]! <= 200) continue;
        const at = { x: rect.left + x / scale, y: rect.top + y / scale };
        if (at.x < inside.left + MARGIN || at.x > inside.right - MARGIN) continue;
        if (at.y < inside.top + MARGIN || at.y > inside.bottom - MARGIN) continue;
        const hit = document.elementFromPoint(at.x, at.y);
        if (!hit || !map.contains(hit)) continue;
        if (hit.closest(".leaflet-marker-icon, .leaflet-control, .helios-sector-list")) continue;
        clickable.push(at);
      }
    if (clickable.length === 0) return null;
    if (!away) return clickable[Math.floor(clickable.length / 3)]!;
    const distance = (p: { x: number; y: number }) => (p.x - away.x) ** 2 + (p.y - away.y) ** 2;
    return clickable.reduce((far, p) => (distance(p) > distance(far) ? p : far));
  }, awayFrom);
}

/** Waits until the map's box has kept its size for a moment (a line added resizes the list beside it). */
async function mapSettled(page: Page): Promise<void> {
  const size = () =>
    page.locator(".leaflet-container").evaluate((m) => `${m.clientWidth}x${m.clientHeight}`);
  let last = "";
  await expect(async () => {
    const now = await size();
    const same = now === last;
    last = now;
    expect(same).toBe(true);
  }).toPass({ intervals: [300], timeout: 10_000 });
  await page.waitForTimeout(300); // the trail redraws on the resize
}

test("two sector lines set on the map give the lap table its sector and energy columns", async ({
  page,
}) => {
  await onFastLapFeed(page, async () => {
    // Energy columns are there before any sector line.
    await expect(page.getByTestId("lap-energy-header").first()).toHaveText("Wh out (Wh)");
    await expect(page.getByTestId("lap-sector-header")).toHaveCount(0);

    await page.getByRole("tab", { name: "Map" }).click();
    await page.getByTestId("map-follow").click(); // stop following: the view must hold still
    await page.getByTestId("map-fit").click();
    await page.getByTestId("map-sectors").click();
    await expect(page.getByTestId("sector-list")).toContainText("0 of 8");
    await mapSettled(page);
    // Each point is read just before its click: the first line lengthens the
    // list beside the map, which moves the track on the page.
    const first = await clickableTrackPoint(page);
    expect(first, "a clickable pixel of the trail").not.toBeNull();
    await page.mouse.click(first!.x, first!.y);
    await expect(page.getByTestId("map-sector-line")).toHaveCount(1);
    await mapSettled(page);
    const firstPin = await page.getByTestId("map-sector-line").first().boundingBox();
    const second = await clickableTrackPoint(page, {
      x: firstPin!.x + firstPin!.width / 2,
      y: firstPin!.y + firstPin!.height / 2,
    });
    expect(second, "a second clickable pixel of the trail").not.toBeNull();
    await page.mouse.click(second!.x, second!.y);
    await expect(page.getByTestId("map-sector-line")).toHaveCount(2);
    const name = page.getByTestId("sector-line-name").first();
    await name.fill("Hairpin");
    await name.press("Enter");
    await expect(page.getByTestId("map-sector-line").first()).toHaveAttribute("title", "Hairpin");
    await page.screenshot({ path: "/tmp/e2e-sectors/map-sectors.png" });

    await page.getByRole("tab", { name: "Laps" }).click();
    // Finish → line → line → finish: three sectors, named by where each ends.
    await expect(page.getByTestId("lap-sector-header")).toHaveCount(3, { timeout: 20_000 });
    await expect(page.getByTestId("lap-sector-header").last()).toHaveText("→ Finish");
    await expect(
      page.getByTestId("lap-sector-header").filter({ hasText: "→ Hairpin" }),
    ).toHaveCount(1);
    // More laps complete meanwhile: a lap that crossed both lines has its sector times.
    const timed = page
      .getByTestId("lap-row")
      .locator('[data-col="sector-0"]', { hasText: /^\d+:\d{2}\.\d{2}$/ });
    await expect(timed.first()).toBeVisible({ timeout: 40_000 });
    await expect(
      page.locator('td[data-col^="sector-"][data-sector-best="true"]').first(),
    ).toBeVisible({
      timeout: 40_000,
    });
    await expect(page.getByTestId("lap-theoretical-best")).toHaveText(
      /Theoretical best: \d+:\d{2}\.\d{2}/,
    );
    // Our energy, and ours against the backend's lap figures.
    const row = page.getByTestId("lap-row").last();
    await expect(row.locator('[data-col="packOutWh"]')).toHaveText(/^-?[\d,]+\.\d{2}$/);
    await expect(row.locator('[data-col="backendCheck"]')).toHaveText(/^[+−±][\d,]+\.\d{2}$/);
    // The sector table: a row per sector with its best time and its energy.
    const sectorRows = page.getByTestId("sector-row");
    await expect(sectorRows).toHaveCount(3);
    // Where Hairpin falls along the lap depends on where the clicks landed.
    const hairpin = sectorRows.filter({ hasText: "→ Hairpin" });
    await expect(hairpin).toHaveCount(1);
    await expect(hairpin).toContainText(/\d+:\d{2}\.\d{2} \(lap \d+\)/);
    await expect(hairpin.locator('[data-col="netWh"]')).toHaveText(/^-?[\d,]+\.\d{2}$/);
    await page.screenshot({ path: "/tmp/e2e-sectors/laps-sectors.png", fullPage: true });

    // The map coloured by sector: a stretch of track per sector.
    await page.getByRole("tab", { name: "Map" }).click();
    await expect(page.locator("path.helios-sector-stretch")).toHaveCount(3);
    await page.screenshot({ path: "/tmp/e2e-sectors/map-coloured.png" });

    // Saved in this browser: after a reload the lines are still there.
    await page.reload();
    await page.getByRole("tab", { name: "Map" }).click();
    await expect(page.getByTestId("map-sector-line")).toHaveCount(2, { timeout: 20_000 });
  });
});
