// The plan over a race's days (issue 62) in Chromium against the real
// worker: DEMO at 13:00 at the track with two hours of the day driven, a
// three-day race set in the settings (today and the next two days, as the
// demo backend sends no raceInfo dates). The Strategy tab shows the plan
// across the days and steers today's speed to its target, the Overview's
// card shows today's target, a phone reads it without sideways scrolling,
// and a replay shows the plan as it was recorded.
import { expect, test, type Page } from "@playwright/test";
import { waitForDemoDay } from "./demoDay";
import { NO_BACKEND_URL } from "./e2e-env";

test.use({ timezoneId: "UTC" });
test.setTimeout(240_000);

const HOURS = 2;

/** The date at the track (US Central) `days` after today, as the settings take it. */
function trackDate(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(
    new Date(),
  );
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** "YYYY-MM-DD" as the app writes dates. */
const shownDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
}

test("a three-day race: the plan across the days, today's target on the Overview, a phone, and a replay", async ({
  page,
}) => {
  await page.goto(
    `/strategy?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=10&demoClock=13:00&demoDay=${HOURS}`,
  );
  await waitForDemoDay(page, HOURS);
  await expect(page.getByTestId("strategy-cannot")).toHaveCount(0, { timeout: 20_000 });
  // No race set: no plan, and the settings' target rules.
  await expect(page.getByTestId("strategy-plan")).toHaveCount(0);

  // A date that is not one is refused whole, and nothing changes.
  const days = [trackDate(0), trackDate(1), trackDate(2)];
  const field = page.getByTestId("strategy-race-days");
  await field.fill(`${days[0]}, 2026-02-30`);
  await page.getByTestId("strategy-save").click();
  await expect(page.getByTestId("strategy-settings-result")).toContainText(
    "Race day 2: 2026-02-30 is not a date in the calendar",
  );
  await expect(page.getByTestId("strategy-plan")).toHaveCount(0);

  await field.fill(days.join(", "));
  await page.getByTestId("strategy-save").click();
  await expect(page.getByTestId("strategy-settings-result")).toContainText("Saved");

  const plan = page.getByTestId("strategy-plan");
  await expect(plan).toBeVisible({ timeout: 20_000 });
  const rows = plan.getByTestId("strategy-plan-day");
  await expect(rows).toHaveCount(3);
  for (const [i, day] of days.entries()) await expect(rows.nth(i)).toContainText(shownDate(day));
  await expect(rows.first()).toContainText("(today, from now)");
  // Each day: a speed, its end-of-day charge, a distance and the sun expected.
  await expect(rows.nth(1)).toContainText(
    /\d+ km\/h\s*\d+ %\s*\d+ km\s*\d+(\.\d)? kWh, typical sky/,
  );
  await expect(plan.getByTestId("strategy-plan-made")).toContainText(
    /Made at 13:\d\d:\d\d C[SD]T, again every 15 minutes; the race's days from the race days in settings/,
  );
  await expect(plan.getByTestId("strategy-plan-plot").locator("canvas").first()).toBeVisible();
  // Its axis is the clock over the days: the legend names the last day's date and time.
  await expect(
    plan.getByTestId("strategy-plan-plot").locator(".u-legend .u-series").first(),
  ).toContainText(new RegExp(`^Time.*${shownDate(days[2]!)}, \\d\\d:\\d\\d:\\d\\d$`));
  // Today's target is the plan's, and the recommended speed steers to it.
  const inputs = page.getByTestId("strategy-inputs");
  await expect(inputs).toContainText(
    /Target at the end of the day\s*\d+(\.\d)? %\s*from the race plan/,
  );
  await expect(inputs).toContainText(/Race plan\s*3 days left, to 5 % at the end/);
  const todayTarget = ((await rows.first().locator("td").nth(1).textContent()) ?? "").trim();
  await expect(page.getByTestId("strategy-recommended")).toHaveText(/^(\d+ km\/h|none)$/);
  await plan.screenshot({ path: "/tmp/race-plan.png" });
  await inputs.screenshot({ path: "/tmp/race-plan-inputs.png" });

  // The Overview's card, from the next minute's recorded forecast.
  await page.getByTestId("tab-overview").click();
  const card = page.getByTestId("overview-strategy");
  await expect(card.getByTestId("overview-strategy-plan")).toContainText("3 days to go", {
    timeout: 90_000,
  });
  await expect(card.getByTestId("overview-strategy-target")).toHaveText(/^\d+ %$/);
  expect(todayTarget).toMatch(/^\d+ %$/);
  await page.screenshot({ path: "/tmp/race-plan-overview.png" });

  // A phone reads the plan without scrolling the page sideways.
  await card.getByTestId("overview-strategy-link").click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(plan).toBeVisible();
  await noSidewaysScroll(page);
  await plan.screenshot({ path: "/tmp/race-plan-phone.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A replay of the recorded session shows the plan as it was recorded.
  await page.getByTestId("tab-sessions").click();
  const row = page.getByTestId("session-row").first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByTestId("session-replay").click();
  await expect(page.getByTestId("status-connection-type")).toContainText("PLAYBACK");
  await page.getByTestId("tab-strategy").click();
  await page.getByRole("button", { name: "Jump to end" }).click();
  await expect(plan.getByTestId("strategy-plan-made")).toContainText(
    /As planned at 13:\d\d:\d\d C[SD]T \(recorded with the session\)/,
    { timeout: 20_000 },
  );
  await expect(rows).toHaveCount(3);
  await page.screenshot({ path: "/tmp/race-plan-replay.png", fullPage: true });
});
