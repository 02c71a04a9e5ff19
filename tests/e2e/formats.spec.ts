// One style for dates and times, and coordinates to 6 decimals (issue 32 item
// 13); during playback the plots say they follow playback, not live (item
// 14). A zone west of UTC with an afternoon-style 24-hour clock makes a UTC
// or 12-hour formatter show. Times are the race's (US Central, the Strategy
// settings' zone) by default, whatever the browser's (issue 58 item 6).
import { expect, test, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { closeDialogWithEscape, gotoPastLoading } from "./shell-helpers";

test.use({ timezoneId: "America/Los_Angeles" });

const url = (path: string) => `${path}?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;
const TIME = /^\d\d:\d\d:\d\d$/;
const DATE_TIME = /^\d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d$/;

/** The race's hour now (US Central), as the app should write it, to compare a shown time's hour with. */
const raceHour = (page: Page) =>
  page.evaluate(() =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      hour: "2-digit",
      hourCycle: "h23",
    }).format(new Date()),
  );

test("times, dates, the time zone and coordinates read one way across the app", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await gotoPastLoading(page, url("/"));
  const lastPacket = page.getByTestId("status-last-packet");
  // It stands alone: its zone is named.
  await expect(lastPacket).toHaveText(/Last packet \d\d:\d\d:\d\d C[SD]T$/);
  expect((await lastPacket.textContent())!.replace("Last packet ", "").slice(0, 2)).toBe(
    await raceHour(page),
  );

  // Settings names the zone every time is shown in.
  await page.keyboard.press("s");
  await expect(page.getByTestId("settings-time-zone")).toHaveText(
    /^America\/Chicago \(UTC-0[56]:00\)$/,
  );
  await closeDialogWithEscape(page);

  // GPS & IMU: latitude and longitude to 6 decimals, as on the Map.
  await page.getByTestId("tab-gps").click();
  for (const path of ["Telemetry.GpsLatitude", "Telemetry.GpsLongitude"])
    await expect(page.locator(`tr[data-field="${path}"] .live-value`)).toHaveText(/^-?\d+\.\d{6}$/);

  // Sessions: the recorded session's start as MM/DD/YYYY, 24-hour.
  await page.waitForTimeout(4000);
  await page.getByTestId("tab-sessions").click();
  const row = page.getByTestId("session-row").first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.locator("td").nth(2)).toHaveText(DATE_TIME);

  // Replaying it: the transport bar's clock and the plots agree it is playback.
  await row.getByTestId("session-replay").click();
  await expect(page.getByTestId("transport-clock")).toHaveText(TIME, { timeout: 20_000 });
  await page.getByTestId("tab-plots").click();
  await expect(page.getByTestId("plots-panel")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("plots-mode")).toHaveText("Following playback");
  await expect(page.getByTestId("plots-live")).toHaveText("Follow playback");
  await expect(page.getByTestId("plots-panel")).not.toContainText(/\bLive\b/);
  // The legend's time under the cursor, 24-hour.
  const over = page.locator('[data-plot-id="speed"] .u-over');
  // The chart is drawn a moment after the tab shows, and may be built again
  // just after (a bounding box read then was null): hover waits until it is
  // there and still, then points at its middle.
  await over.hover({ timeout: 20_000 });
  const legendTime = page
    .locator('[data-plot-id="speed"] .u-legend .u-series')
    .first()
    .locator(".u-value");
  await expect(legendTime).toHaveText(TIME);

  // Back to live: Live again.
  await page.getByTestId("transport-live").click();
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  await expect(page.getByTestId("plots-live")).toHaveText("Live");
});
