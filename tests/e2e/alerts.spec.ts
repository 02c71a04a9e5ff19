// Issue 34 end to end, in Chromium on NETWORK with the feed server injecting
// an over-temperature (not the demo's random faults): the default motor
// temperature rule's alert shows in the status bar, as a toast, in the Alerts
// tab and as a band on the motor temperature plot; after a reload the log
// still holds it (restored with the recording); a replay of the session shows
// the same alert, as recorded.
import { expect, test, type Page } from "@playwright/test";
import { defaultRules } from "../../workers/telemetry/alerts/defaults";
import { fieldInfo } from "../../workers/telemetry/schema/fields";
import { openOnFeed, pageAlerts, startInjectedFeed } from "./injectedFeed";

const FIELD = "MotorDetails0.MotorTemperature";
const rule = defaultRules().find((r) => r.id === "motor0-temperature")!;
const LABEL = fieldInfo(FIELD)!.label;
const HOT = (rule.condition as { limit: number }).limit + 20;

const logRows = (page: Page) =>
  page.getByTestId("panel-alerts").getByTestId("alert-row").filter({ hasText: LABEL });

test("an injected over-temperature: status bar, toast, Alerts tab, plot band; kept after a reload and in a replay", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // 0.5 s of packet time a packet: the rule's 5 s pass in about a second. Hot
  // for 40 s of packet time (8 s here), then back to the car's own value.
  const server = await startInjectedFeed(
    [{ atSeconds: 2, field: FIELD, value: HOT, forSeconds: 40 }],
    { speedup: 5 },
  );
  try {
    await openOnFeed(page, server, "/plots");

    // While it is hot: counted in the status bar, toasted, shaded on its plot.
    await expect(page.getByTestId("status-alerts-warning")).toContainText("1 warning", {
      timeout: 20_000,
    });
    const toast = page.locator(".helios-toaster .bp6-toast").filter({ hasText: LABEL });
    await expect(toast.first()).toContainText(new RegExp(`${HOT}(\\.0+)? °C`));
    await expect(page.locator('[data-plot-id="motor-temp"] .uplot')).toHaveAttribute(
      "data-alert-bands",
      "1",
    );
    await page.getByTestId("tab-alerts").click();
    await expect(logRows(page).first()).toContainText(LABEL);

    // It ends when the value comes back under the clear level.
    await expect
      .poll(async () => (await pageAlerts(page)).active.length, { timeout: 30_000 })
      .toBe(0);
    const live = (await pageAlerts(page)).log.filter((a) => a.ruleId === rule.id);
    expect(live).toHaveLength(1);
    expect(live[0]!.end).not.toBeNull();

    // A reload restores the recorded log: the same one alert, ended. The
    // recorder writes a second at a time (a reload may lose the last one, by
    // design): let it write the end first.
    await page.waitForTimeout(2500);
    await page.reload();
    await expect
      .poll(async () => (await pageAlerts(page)).log.filter((a) => a.ruleId === rule.id), {
        timeout: 30_000,
      })
      .toEqual([expect.objectContaining({ start: live[0]!.start, end: live[0]!.end })]);
    await expect(logRows(page)).toHaveCount(1);

    // A replay of the session shows the alerts recorded when it was live.
    await page.getByTestId("tab-sessions").click();
    await page.getByTestId("session-row").first().getByTestId("session-replay").click();
    await expect(page.getByTestId("transport-play")).toBeEnabled({ timeout: 20_000 });
    await page.getByTestId("tab-alerts").click();
    await expect(page.getByTestId("alerts-origin")).toBeVisible();
    const replayed = (await pageAlerts(page)).log.filter((a) => a.ruleId === rule.id);
    expect(replayed.map((a) => [a.start, a.end])).toEqual([[live[0]!.start, live[0]!.end]]);
    await expect(logRows(page)).toHaveCount(1);
  } finally {
    await server.stop();
  }
});
