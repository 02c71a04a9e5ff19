// One clock on screen (issue 58 item 6). The computer is in Calgary's zone
// (America/Edmonton); the demo race runs in Kentucky's (US Central, the
// Strategy settings' zone) at 14:30 there. The status bar, an alert on the
// Overview and the Strategy card show the race's clock by default; Settings →
// "Show times in" → "this computer's" moves them all, in this window and in
// another one of the same browser. Calgary's hour is the browser's own word
// (its zone data: Chromium 156's keeps Alberta on UTC−6 all year from 2026,
// where older data has UTC−7 in winter), so each time is held to it.
import { expect, test, type Page } from "@playwright/test";
import { TRACK_TIME_ZONE, timeTodayInZone } from "../../workers/shared/dateTime";
import { waitForDemoDay } from "./demoDay";
import { NO_BACKEND_URL } from "./e2e-env";

test.use({ timezoneId: "America/Edmonton" });
test.setTimeout(240_000);

const URL = `/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=10&record=0&e2eHooks=1&demoClock=14:30`;

// An alert at once: pack voltage above 1 V.
const RULES = {
  format: "helios-alert-rules",
  version: 1,
  rules: [
    {
      id: "pack-high",
      subject: "Battery.PackVoltage",
      condition: { kind: "above", limit: 1 },
      forSeconds: 0,
      severity: "critical",
      message: "{label} {value} {unit}",
      enabled: true,
    },
  ],
};

/** "14:31:02 CST" → its hour, and seconds into the day. */
function clock(text: string): { hour: number; seconds: number } {
  const [, h, m, s] = /(\d\d):(\d\d):(\d\d)/.exec(text) ?? [];
  return { hour: Number(h), seconds: Number(h) * 3600 + Number(m) * 60 + Number(s) };
}

/** The hour at `epochMs` on `zone`'s clocks, as the browser's zone data has it. */
function hourIn(page: Page, zone: string, epochMs: number): Promise<number> {
  return page.evaluate(
    ([z, t]) =>
      Number(
        new Intl.DateTimeFormat("en-US", { timeZone: z, hour: "numeric", hourCycle: "h23" }).format(
          t,
        ),
      ),
    [zone, epochMs] as const,
  );
}

/** The three times a user holds side by side, on one clock: the hour they should read and the zone named. */
async function expectOneClock(page: Page, hour: number, zone: RegExp): Promise<void> {
  const lastPacket = page.getByTestId("status-last-packet");
  const since = page.getByTestId("overview-alerts").locator(".helios-alerts-since").first();
  const forecastAt = page.getByTestId("overview-strategy-at");
  await expect(lastPacket).toContainText(zone);
  await expect(forecastAt).toContainText(zone);
  const times = [
    await lastPacket.textContent(),
    await since.textContent(),
    await forecastAt.textContent(),
  ].map((text) => clock(text ?? ""));
  for (const time of times) expect(time.hour).toBe(hour);
  // Minutes apart at most (the last forecast was made in the last minute of the built day).
  const spread =
    Math.max(...times.map((t) => t.seconds)) - Math.min(...times.map((t) => t.seconds));
  expect(spread).toBeLessThan(10 * 60);
}

test("the status bar, an alert and the Strategy card read one clock, and the setting moves them all", async ({
  page,
  context,
}) => {
  await page.goto(`${URL}&demoDay=1`);
  await waitForDemoDay(page, 1);
  await page.waitForFunction(() => "heliosTest" in window);
  const set = await page.evaluate(
    (file) =>
      (
        window as unknown as { heliosTest: { setAlertRules(f: unknown): Promise<{ ok: boolean }> } }
      ).heliosTest.setAlertRules(file),
    RULES,
  );
  expect(set.ok).toBe(true);
  await expect(page.getByTestId("overview-alerts").locator("li")).toHaveCount(1);
  await expect(page.getByTestId("overview-strategy-at")).toBeVisible({ timeout: 30_000 });

  // The race's zone by default: 14:xx in Kentucky, whatever the hour here.
  await expectOneClock(page, 14, /C[SD]T/);
  const demoNoon = timeTodayInZone(14, 30, Date.now(), TRACK_TIME_ZONE);
  const calgaryHour = await hourIn(page, "America/Edmonton", demoNoon);
  await page.screenshot({ path: "/tmp/tz-overview-race.png" });

  // Another window of this browser, opened before the switch.
  const other = await context.newPage();
  await other.goto(URL);
  await expect(other.getByTestId("status-last-packet")).toContainText(/14:\d\d:\d\d C[SD]T/, {
    timeout: 30_000,
  });

  await page.keyboard.press("s");
  const settings = page.getByRole("dialog", { name: "Settings" });
  await expect(settings.getByTestId("settings-time-zone")).toHaveText(
    /^America\/Chicago \(UTC-0[56]:00\)$/,
  );
  await page.screenshot({ path: "/tmp/tz-settings.png" });
  await settings.getByTestId("times-in-control").getByText("this computer's").click();
  await expect(settings.getByTestId("settings-time-zone")).toHaveText(
    /^America\/Edmonton \(UTC-0[67]:00\)$/,
  );
  await page.keyboard.press("Escape");
  await expect(page.locator(".bp6-dialog")).toHaveCount(0);

  // Every one of them moved to this computer's clock, its zone named.
  await expectOneClock(page, calgaryHour, /M[SD]T/);
  await expect(other.getByTestId("status-last-packet")).toContainText(
    new RegExp(`${String(calgaryHour).padStart(2, "0")}:\\d\\d:\\d\\d M[SD]T`),
  );
  await page.screenshot({ path: "/tmp/tz-overview-computer.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/tz-overview-phone.png", fullPage: true });
});
