// DEMO in daylight whatever the time here (?demoClock, issue 35): the
// simulated car's packets carry the track time asked for, its array follows
// the sun of that time, and it stays marked DEMO. CI runs at any hour, so a
// test that needs sun in DEMO sets the demo clock.
import { expect, test, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading } from "./shell-helpers";

// The track's own zone, so the status bar's local times read as the track's.
test.use({ timezoneId: "America/Chicago" });

async function openMppt(page: Page, clock: string): Promise<void> {
  await gotoPastLoading(
    page,
    `/mppt?backend=${encodeURIComponent(NO_BACKEND_URL)}&record=0&demoClock=${clock}`,
  );
  await expect(page.getByTestId("status-connection-type")).toContainText("DEMO");
}

/** The live value of one MPPT field, as shown in its row of the MPPT tab. */
async function shownNumber(page: Page, path: string): Promise<number> {
  const text = await page.locator(`tr[data-field="${path}"] .live-value`).textContent();
  return Number((text ?? "").replace(/[^\d.-]/g, ""));
}

test("?demoClock=13:00: the packets carry 13:00 at the track and the array is in the sun", async ({
  page,
}) => {
  await openMppt(page, "13:00");
  await expect(page.getByTestId("status-last-packet")).toContainText(/13:0\d:\d\d/);
  await expect
    .poll(() => shownNumber(page, "MPPT.Mppt0Ch0ArrayCurrent"), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  expect(await shownNumber(page, "MPPT.Mppt0Ch0ArrayVoltage")).toBeGreaterThan(20);
});

test("?demoClock=02:00: a night at the track, whatever the time here: the array gives nothing", async ({
  page,
}) => {
  await openMppt(page, "02:00");
  await expect(page.getByTestId("status-last-packet")).toContainText(/02:0\d:\d\d/);
  // A packet has arrived (the time shows): its array current is zero.
  await expect
    .poll(() =>
      page.locator('tr[data-field="MPPT.Mppt0Ch0ArrayCurrent"] .live-value').textContent(),
    )
    .toMatch(/\d/);
  expect(await shownNumber(page, "MPPT.Mppt0Ch0ArrayCurrent")).toBe(0);
});

test("a bad ?demoClock is ignored with a notice that says what it wants", async ({ page }) => {
  await openMppt(page, "1pm");
  await expect(page.getByText("Demo clock ignored")).toBeVisible();
  await expect(page.getByText(/as HH:MM, e\.g\. \?demoClock=13:00/)).toBeVisible();
});
