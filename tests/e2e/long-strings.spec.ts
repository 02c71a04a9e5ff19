// Issue 7, defect 3: a 100 kB car string (a lap's RFID, Pi.Rfid in packets, a
// stored favourite name) must not push tables or tiles off the screen, must not
// go into the DOM whole, and must be readable in full on hover. A stored
// favourite name (at most 120 characters) must not spill out of its tile.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { FeedServer } from "../../feed-server/FeedServer";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import { gotoPastLoading } from "./shell-helpers";

const LONG = 100_000;
const longString = (letter: string) =>
  `${letter}${"0123456789".repeat(LONG / 10 - 1)}${letter.repeat(9)}`;
const LAP_RFID = longString("L");
const PI_RFID = longString("P");
/** As long as a stored favourite may be (120 characters), naming no field. */
const FAVOURITE = `Battery.${"x".repeat(112)}`;
const VIEWPORT = { width: 1280, height: 800 };

let server: FeedServer;
let packets: ReturnType<typeof setInterval>;

test.beforeAll(async () => {
  // Only our packets: the server's own simulated car is held back.
  server = await FeedServer.start({ port: 0, host: "127.0.0.1", startPaused: true, seededLaps: 2 });
  server.laps.push({ ...server.laps[0]!, Rfid: LAP_RFID });
  const car = new CarSimulator({ seed: 7, startTime: Date.now() / 1000 });
  packets = setInterval(() => {
    const packet = car.next(0.25);
    server.io.emit("packet", { ...packet, Pi: { ...packet.Pi, Rfid: PI_RFID } });
  }, 250);
});

test.afterAll(async () => {
  clearInterval(packets);
  await server.stop();
});

async function expectWithinViewport(page: Page, element: Locator) {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORT.width);
  // Nothing spills out of it, and the page does not scroll sideways.
  const spill = await element.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(spill).toBeLessThanOrEqual(0);
  const main = page.getByRole("main");
  expect(await main.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

/** Hovering the shortened text shows the whole string, as text. */
async function expectWholeOnHover(page: Page, shortened: Locator, whole: string) {
  await expect(shortened).toHaveText(/…$/);
  expect(((await shortened.textContent()) ?? "").length).toBeLessThanOrEqual(64);
  await shortened.hover();
  const full = page.locator(".helios-long-text-full");
  await expect(full).toBeVisible();
  expect(await full.textContent()).toBe(whole);
  await expectWithinViewport(page, full);
  await page.mouse.move(0, VIEWPORT.height - 1);
  await expect(full).toHaveCount(0);
}

test("100 kB car strings are cut with an ellipsis, keep the layout and show whole on hover", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORT);
  await page.addInitScript((favourite) => {
    localStorage.setItem("favourites", JSON.stringify(["Pack Voltage", "Pi.Rfid", favourite]));
  }, FAVOURITE);
  await gotoPastLoading(page, `/?backend=${encodeURIComponent(server.url)}`);

  // Overview: the tiles stay in the grid.
  const rfidTile = page.locator('.helios-tile[data-field="Pi.Rfid"]');
  await expect(rfidTile.locator(".live-value")).toHaveText(/^P0123/);
  await expectWithinViewport(page, page.locator(".helios-favourites"));
  await expectWithinViewport(page, rfidTile);
  const nameTile = page.locator(".helios-favourites .helios-tile").nth(2);
  await expectWithinViewport(page, nameTile);
  await expectWholeOnHover(page, rfidTile.locator(".live-value .helios-long-text"), PI_RFID);
  await expectWholeOnHover(
    page,
    nameTile.locator(".helios-tile-name .helios-long-text"),
    FAVOURITE,
  );
  // The strings are not in the page whole (only the open popover holds one).
  expect(await page.evaluate(() => document.body.innerHTML.length)).toBeLessThan(LONG / 2);

  // Laps: the lap table stays in its box (its many columns scroll sideways
  // there, never the page), and the long RFID does not widen it.
  await page.getByTestId("tab-laps").click();
  const longLap = page.getByTestId("lap-row").filter({ hasText: "L0123" });
  await expect(longLap).toHaveCount(1);
  const box = page.getByTestId("lap-table-scroll");
  const boxRight = await box.evaluate((el) => el.getBoundingClientRect().right);
  expect(boxRight).toBeLessThanOrEqual(VIEWPORT.width);
  expect(await page.getByRole("main").evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  const rfidCell = longLap.locator(".helios-long-text");
  expect((await rfidCell.boundingBox())!.width).toBeLessThan(400);
  await expectWholeOnHover(page, longLap.locator(".helios-long-text"), LAP_RFID);

  // GPS & IMU: the Pi section's table keeps its width.
  await page.getByTestId("tab-gps").click();
  const row = page.locator('tr[data-field="Pi.Rfid"]');
  await expect(row).toContainText("P0123");
  await expectWithinViewport(page, page.locator(".helios-section-grid"));
  await expectWholeOnHover(page, row.locator(".helios-long-text"), PI_RFID);
  expect(await page.evaluate(() => document.body.innerHTML.length)).toBeLessThan(LONG / 2);

  await page.screenshot({ path: "/tmp/helios-long-strings-gps.png" });
});
