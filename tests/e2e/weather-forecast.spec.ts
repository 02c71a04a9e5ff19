// Weather forecasts in the Strategy tab (issue 59), in Chromium against the
// real worker: DEMO at 13:00 at the track with the hour before driven first
// (as strategy.spec.ts), an Open-Meteo forecast file for the demo car's
// position and today's hours imported, its status and age shown and the
// solar plot drawing it; on the car's own clock, the forecast back after a
// reload (restored from the recorded session) and a bad file refused while
// the forecast stays; and an address fetched every hour whose key stays in
// this browser. The browser is
// in UTC: the tab's times are the track's (US Central), named.
import { writeFileSync, utimesSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { TRACK_TIME_ZONE, wallClockAt, zoneOffsetSeconds } from "../../workers/shared/dateTime";
import { toLatLong } from "../../workers/shared/trackCoords";
import { waitForDemoDay } from "./demoDay";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading, reloadPastLoading } from "./shell-helpers";

test.use({ timezoneId: "UTC" });
test.setTimeout(240_000);

const HOURS = 1;
/** A time at the track, named: "13:04 CST" (CDT in summer). */
const TRACK_TIME = String.raw`\d{2}:\d{2} C[SD]T`;
/**
 * The file's issue time, 80 minutes before now: within the first 80 minutes
 * after midnight at the track it was yesterday, and the tab names its date.
 */
const ISSUED_TIME = String.raw`(\d{2}/\d{2}/\d{4} )?${TRACK_TIME}`;
const STRATEGY_URL = `/strategy?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=10&demoClock=13:00&demoDay=${HOURS}`;

/**
 * An Open-Meteo answer as the service writes it (`timezone=auto` at the
 * track): three days of hourly irradiance from today's midnight at the track,
 * labelled in local time, for the demo track's start line; a thin sky (60 %
 * of a clear day's sun) so its course differs from the fitted one.
 */
function openMeteoForecast(): string {
  const { lat, long } = toLatLong(0, 0);
  const nowS = Date.now() / 1000;
  const day = wallClockAt(nowS, TRACK_TIME_ZONE)!;
  const offset = zoneOffsetSeconds(nowS, TRACK_TIME_ZONE);
  const midnight = Date.UTC(day.year, day.month - 1, day.day) / 1000;
  const time: string[] = [];
  const sun: number[] = [];
  const clouds: number[] = [];
  for (let h = 0; h < 72; h++) {
    time.push(new Date((midnight + h * 3600) * 1000).toISOString().slice(0, 16));
    const hour = h % 24;
    sun.push(Math.round(Math.max(0, 0.6 * 950 * Math.sin((Math.PI * (hour - 6)) / 14))));
    clouds.push(40);
  }
  return JSON.stringify({
    latitude: Number(lat.toFixed(4)),
    longitude: Number(long.toFixed(4)),
    generationtime_ms: 0.1,
    utc_offset_seconds: offset,
    timezone: TRACK_TIME_ZONE,
    timezone_abbreviation: offset === -18000 ? "CDT" : "CST",
    elevation: 170,
    hourly_units: { time: "iso8601", shortwave_radiation: "W/m²", cloud_cover: "%" },
    hourly: { time, shortwave_radiation: sun, cloud_cover: clouds },
  });
}

async function screenshots(page: Page, name: string): Promise<void> {
  const card = page.getByTestId("weather-card");
  for (const [size, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/weather-${name}-${size}.png`, fullPage: true });
    await card.screenshot({ path: `/tmp/weather-${name}-${size}-card.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Imports today's forecast, written 80 minutes ago (its issue time), and sees it listed. */
async function importToday(page: Page, testInfo: TestInfo): Promise<void> {
  const file = testInfo.outputPath("today.json");
  writeFileSync(file, openMeteoForecast());
  const issued = new Date(Date.now() - 80 * 60_000);
  utimesSync(file, issued, issued);
  await page.getByTestId("weather-import-input").setInputFiles(file);
  await expect(page.getByTestId("weather-status")).toHaveText(
    new RegExp(
      `^Latest: Open-Meteo JSON from the file today\\.json, issued ${ISSUED_TIME}, 1 h 2[01] min old\\. 1 forecast today\\.$`,
    ),
  );
  // For the car's place and today's hours: nothing to warn of.
  await expect(page.getByTestId("weather-warnings")).toHaveCount(0);
  await expect(page.getByTestId("weather-import-error")).toHaveCount(0);
}

test("an imported forecast shows with its age and is drawn on the solar plot", async ({
  page,
}, testInfo) => {
  await gotoPastLoading(page, STRATEGY_URL);
  await waitForDemoDay(page, HOURS);
  await expect(page.getByTestId("strategy-cannot")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("weather-status")).toHaveText(
    "No weather forecast: the sky ahead is the car's recent sky relaxing to a typical one. " +
      "Import a forecast file or set an address.",
  );
  // The solar plot has no forecast to draw yet.
  const solarLegend = page.getByTestId("strategy-solar-plot").locator(".u-legend");
  await expect(solarLegend).toContainText("Expected");
  await expect(solarLegend).not.toContainText("Weather forecast");

  await importToday(page, testInfo);
  // The solar plot draws it beside the measured and expected power, and the
  // line under it says which guide rules the sky ahead until when.
  await expect(solarLegend).toContainText("Weather forecast", { timeout: 30_000 });
  const sky = page.getByTestId("strategy-sky-sources");
  await expect(sky).toHaveText(
    new RegExp(`^Sky ahead: .+ until ${TRACK_TIME}( · .+ until ${TRACK_TIME})*$`),
  );
  await expect(sky).toContainText(/forecast/i);

  // The helper fills the address for where the car is (the demo track's).
  await page.getByTestId("weather-open-meteo").click();
  await expect(page.getByTestId("weather-address")).toHaveValue(
    /^https:\/\/api\.open-meteo\.com\/v1\/forecast\?latitude=36\.9\d{3}&longitude=-86\.3\d{3}&hourly=shortwave_radiation,cloud_cover&forecast_days=3&timezone=auto$/,
  );
  await screenshots(page, "imported");
});

// The car on this computer's clock (no ?demoClock: a demo on a clock of its
// own starts a fresh day at a reload, and reads nothing back), recording.
test("the forecast is back after a reload, and a bad file leaves it in place", async ({
  page,
}, testInfo) => {
  await gotoPastLoading(page, `/strategy?backend=${encodeURIComponent(NO_BACKEND_URL)}`);
  // Some seconds into the drive, so the replay's start below comes before the import
  // (a forecast imported by the first packet was known there, and is shown).
  await page.waitForTimeout(3000);
  await importToday(page, testInfo);

  // A reload: the forecast comes back from the recorded session.
  await reloadPastLoading(page);
  const status = page.getByTestId("weather-status");
  await expect(status).toContainText("from the file today.json", { timeout: 30_000 });
  await expect(status).toContainText("1 forecast today");

  // A bad file: its reason, and the forecast stays.
  await page.getByTestId("weather-import-input").setInputFiles({
    name: "bad.json",
    mimeType: "application/json",
    buffer: Buffer.from('{"latitude": 36.99, "hourly": '),
  });
  const error = page.getByTestId("weather-import-error");
  await expect(error).toContainText(
    "The forecast was not imported: bad.json: it is not valid JSON",
  );
  await expect(error).toContainText("The forecast the tab had stays.");
  await expect(status).toContainText("from the file today.json");
  await expect(status).toContainText("1 forecast today");
  await screenshots(page, "bad-file");

  // A replay of the session it was imported in (the one before the reload,
  // listed under the newest) knows the forecast from when it was imported,
  // by the replay's clock.
  await page.getByTestId("tab-sessions").click();
  await expect(page.getByTestId("session-row")).toHaveCount(2, { timeout: 20_000 });
  const row = page.getByTestId("session-row").nth(1);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByTestId("session-replay").click();
  await expect(page.getByTestId("status-connection-type")).toContainText("PLAYBACK");
  await page.getByTestId("tab-strategy").click();
  // At the session's start (where a replay opens, paused) it was not known yet;
  // at its end it was.
  await expect(status).toContainText("No weather forecast", { timeout: 20_000 });
  await page.getByRole("button", { name: "Jump to end" }).click();
  await expect(status).toContainText("from the file today.json", { timeout: 20_000 });
  await expect(status).toContainText("1 forecast today");
});

/**
 * A forecast service on 127.0.0.1 (a free port): /open serves today's
 * forecast to any page (CORS allowed), /closed serves it without allowing
 * a browser's page to read it, as some services do.
 */
async function forecastService(): Promise<{ url: string; close: () => Promise<void> }> {
  const body = openMeteoForecast();
  const server = createServer((req, res) => {
    const open = req.url?.startsWith("/open");
    res.writeHead(200, {
      "content-type": "application/json",
      ...(open ? { "access-control-allow-origin": "*" } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test("a service that allows the browser is fetched; one that refuses it (CORS) says so and offers the import", async ({
  page,
}) => {
  const service = await forecastService();
  try {
    await gotoPastLoading(page, `/strategy?backend=${encodeURIComponent(NO_BACKEND_URL)}&record=0`);
    const status = page.getByTestId("weather-status");

    await page.getByTestId("weather-address").fill(`${service.url}/closed/forecast.json`);
    await page.getByTestId("weather-fetch-start").click();
    const refused = page.getByTestId("weather-refused");
    await expect(refused).toContainText("refuses requests from a browser (CORS)", {
      timeout: 30_000,
    });
    await expect(refused.getByTestId("weather-import-input")).toHaveCount(1);
    await expect(status).toContainText("No weather forecast");

    await page.getByTestId("weather-address").fill(`${service.url}/open/forecast.json`);
    await page.getByTestId("weather-fetch-start").click();
    await expect(status).toHaveText(
      new RegExp(
        `^Latest: Open-Meteo JSON fetched from ${service.url.replace(/[.]/g, "\\.")}/open/forecast\\.json, issued ${TRACK_TIME}, (under a minute old|\\d+ min old)\\. 1 forecast today\\.$`,
      ),
      { timeout: 30_000 },
    );
    await expect(refused).toHaveCount(0);
    await expect(page.getByTestId("weather-fetch")).toContainText("every hour; next at");
  } finally {
    await service.close();
  }
});

test("an address is fetched every hour with its key, which stays in this browser", async ({
  page,
  baseURL,
}) => {
  const key = "test-key-4b1d9e";
  // The preview server has no forecast there: the fetch fails, and says so.
  const address = `${baseURL}/no-forecast-here.json`;
  await gotoPastLoading(page, `/strategy?backend=${encodeURIComponent(NO_BACKEND_URL)}&record=0`);
  await page.getByTestId("weather-address").fill(address);
  await page.getByTestId("weather-key").fill(key);
  await page.getByTestId("weather-fetch-start").click();
  const fetchLine = page.getByTestId("weather-fetch");
  await expect(fetchLine).toHaveText(
    new RegExp(
      `^Fetching ${address.replace(/[.?]/g, "\\$&")} with your key every hour; next at ${TRACK_TIME}\\.$`,
    ),
    { timeout: 30_000 },
  );
  await expect(page.getByTestId("weather-fetch-error")).toContainText(
    new RegExp(`^The last fetch, at ${TRACK_TIME}, failed: `),
  );
  await expect(page.getByTestId("weather-address-error")).toHaveCount(0);
  // Kept in this browser under its own entry, and in no address the page shows.
  const kept = () =>
    page.evaluate(() => ({
      address: localStorage.getItem("helios.forecastAddress"),
      key: localStorage.getItem("helios.forecastApiKey"),
      href: location.href,
    }));
  expect(await kept()).toMatchObject({ address, key });
  expect((await kept()).href).not.toContain(key);
  await screenshots(page, "address");

  // A reload sets it again (the core's memory is gone, or it ignores the repeat).
  await reloadPastLoading(page);
  await expect(page.getByTestId("weather-address")).toHaveValue(address, { timeout: 30_000 });
  await expect(fetchLine).toContainText("with your key every hour", { timeout: 30_000 });

  // Stop: no more fetching, and neither is kept.
  await page.getByTestId("weather-fetch-stop").click();
  await expect(fetchLine).toHaveCount(0);
  expect(await kept()).toMatchObject({ address: null, key: null });
});
