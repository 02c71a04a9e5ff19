// The alerts UI in Chromium against the real worker (DEMO, no backend): a
// rule that fires at once (pack voltage above 1 V, critical) shows as a red,
// flashing count in the status bar, a toast with its message, an entry in the
// Alerts tab; acknowledging stops the flashing; a click on the entry moves
// the plots there and marks the place on the map; the log's CSV downloads.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading, reloadPastLoading } from "./shell-helpers";

const RULES = {
  format: "helios-alert-rules",
  version: 1,
  rules: [
    {
      id: "e2e-pack-high",
      subject: "Battery.PackVoltage",
      condition: { kind: "above", limit: 1 },
      forSeconds: 0,
      severity: "critical",
      message: "{label} {value} {unit} above {limit} {unit}",
      enabled: true,
    },
  ],
};

async function setRules(page: Page, rules: unknown): Promise<void> {
  const result = await page.evaluate(
    (file) =>
      (
        window as unknown as { heliosTest: { setAlertRules(f: unknown): Promise<{ ok: boolean }> } }
      ).heliosTest.setAlertRules(file),
    rules,
  );
  expect(result).toMatchObject({ ok: true });
}

test("a critical alert: status count flashing, toast, Alerts tab, acknowledge, CSV", async ({
  page,
}) => {
  // Without a backend the loading screen stays ~9 s; toasts wait under it.
  await gotoPastLoading(page, `/?backend=${encodeURIComponent(NO_BACKEND_URL)}&e2eHooks=1`);
  await expect(page.getByTestId("status-alerts")).toHaveText("No active alerts");

  await setRules(page, RULES);

  const status = page.getByTestId("status-alerts");
  await expect(page.getByTestId("status-alerts-critical")).toHaveText("1 critical");
  await expect(status).toHaveAttribute("data-flashing", "true");
  // Red while it flashes: the item's background is the danger red (or its darker step).
  const background = await status.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toMatch(/rgb\((205, 66, 70|142, 41, 44)\)/);

  const toast = page.locator(".helios-toaster .bp6-toast").filter({ hasText: "Critical alert" });
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveClass(/bp6-intent-danger/);
  await expect(toast).toContainText(/Pack voltage [\d.]+ V above 1 V/i);
  await expect(toast.getByRole("button", { name: "Acknowledge" })).toBeVisible();
  await expect(toast.getByRole("button", { name: "Mute rule 15 min" })).toBeVisible();
  await page.screenshot({ path: "test-results/alerts-toast.png" });

  await status.click();
  await expect(page).toHaveURL(/\/alerts\?/);
  const active = page.getByTestId("alerts-active");
  await expect(active.getByTestId("alert-row")).toHaveCount(1);
  await expect(active.getByTestId("alert-message")).toHaveText(/Pack voltage [\d.]+ V above 1 V/i);
  await expect(page.getByTestId("alerts-log").getByTestId("alert-row")).toHaveCount(1);
  await page.screenshot({ path: "test-results/alerts-tab.png", fullPage: true });

  await active.getByTestId("alert-acknowledge").click();
  await expect(status).toHaveAttribute("data-flashing", "false");
  await expect(page.getByTestId("status-alerts-critical")).toHaveText("1 critical");
  await expect(active.getByTestId("alert-row")).toHaveAttribute("data-acknowledged", "true");

  // The entry's moment: the plots move there and the map marks where the car was.
  await active.getByTestId("alert-message").click();
  await page.getByTestId("tab-plots").click();
  await expect(page.getByTestId("plots-focus")).toContainText(/Showing Alert: Pack voltage/i);
  await page.getByTestId("tab-map").click();
  await expect(page.getByTestId("map-focus")).toBeVisible();
  const follow = page.getByTestId("map-follow");
  await expect(follow).not.toHaveClass(/bp6-active/); // centred there, so no longer following
  await page.screenshot({ path: "test-results/alerts-map.png" });
  // Following the car again is kept when the map comes back: the marker stays,
  // the old request does not take the view a second time.
  await follow.click();
  await expect(follow).toHaveClass(/bp6-active/);
  await page.getByTestId("tab-alerts").click();
  await page.getByTestId("tab-map").click();
  await expect(page.getByTestId("map-focus")).toBeVisible();
  await page.waitForTimeout(500); // the remounted map's effects have run
  await expect(follow).toHaveClass(/bp6-active/);
  await page.getByTestId("tab-alerts").click();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("alerts-export").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^helios-alerts-.*\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv).toMatch(/Pack voltage/i);
  expect(csv).toContain("e2e-pack-high");
});

test("a rule that comes back within minutes is one alert with its episodes; acknowledging covers them", async ({
  page,
}) => {
  await gotoPastLoading(page, `/?backend=${encodeURIComponent(NO_BACKEND_URL)}&e2eHooks=1`);
  const status = page.getByTestId("status-alerts");
  const quiet = structuredClone(RULES);
  quiet.rules[0]!.condition.limit = 1e6; // the same rule, not firing: its alert ends
  for (let episode = 0; episode < 3; episode++) {
    await setRules(page, RULES);
    await expect(page.getByTestId("status-alerts-critical")).toHaveText("1 critical");
    await setRules(page, quiet);
    // Counted as one alert, however many times it came back.
    await expect(status).toHaveText("1 critical cleared, not acknowledged");
  }
  await status.click();
  await expect(page.getByTestId("panel-alerts")).toContainText("Log (1 alert, 3 episodes)");
  const log = page.getByTestId("alerts-log");
  await expect(log.getByTestId("alert-row")).toHaveCount(1);
  await log.getByTestId("alert-episodes").click();
  await expect(log.getByTestId("alert-episodes")).toHaveText("3 episodes");
  await expect(log.getByTestId("alert-episode")).toHaveCount(3);
  await page.screenshot({ path: "test-results/alerts-episodes.png", fullPage: true });
  await log.getByTestId("alert-acknowledge").click();
  await expect(status).toHaveText("No active alerts");
  await expect(status).toHaveAttribute("data-flashing", "false");
  await expect(log.getByTestId("alert-episode").filter({ hasText: "acknowledged" })).toHaveCount(3);
});

test("Settings → Alerts: sound and desktop off by default, permission asked only when turned on, kept after a reload", async ({
  page,
  context,
}) => {
  await gotoPastLoading(page, `/?backend=${encodeURIComponent(NO_BACKEND_URL)}`);
  const asked = () => page.evaluate(() => (window as unknown as { asked?: number }).asked ?? 0);
  // Count permission requests: none may happen before the user turns the switch on.
  await page.evaluate(() => {
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      const w = window as unknown as { asked?: number };
      w.asked = (w.asked ?? 0) + 1;
      return original();
    };
  });
  await page.getByTestId("open-settings").click();
  const sound = page.getByTestId("alert-sound-switch");
  const desktop = page.getByTestId("alert-desktop-switch");
  await expect(sound).not.toBeChecked();
  await expect(desktop).not.toBeChecked();
  expect(await asked()).toBe(0);

  // Headless Chromium refuses unless granted: the switch stays off, with the reason.
  await page.getByText("Desktop notification while this page is hidden").click();
  await expect(page.getByTestId("alert-desktop-denied")).toContainText("refuses notifications");
  await expect(desktop).not.toBeChecked();
  expect(await asked()).toBe(1);

  await context.grantPermissions(["notifications"]);
  await page.getByText(/^Sound \(critical/).click();
  await page.getByText("Desktop notification while this page is hidden").click();
  await expect(desktop).toBeChecked();
  await expect(sound).toBeChecked();
  await expect(page.getByTestId("alert-desktop-denied")).toHaveCount(0);
  await page.screenshot({ path: "test-results/alerts-settings.png" });

  await reloadPastLoading(page);
  await page.getByTestId("open-settings").click();
  await expect(page.getByTestId("alert-sound-switch")).toBeChecked();
  await expect(page.getByTestId("alert-desktop-switch")).toBeChecked();
});

test("a storm of alerts is one toast; its Mute button silences the rules, listed with time left", async ({
  page,
}) => {
  await gotoPastLoading(page, `/alerts?backend=${encodeURIComponent(NO_BACKEND_URL)}&e2eHooks=1`);
  const rule = (id: string, limit: number) => ({
    ...RULES.rules[0]!,
    id,
    severity: "warning",
    condition: { kind: "above", limit },
  });
  await setRules(page, {
    ...RULES,
    rules: [rule("storm-1", 1), rule("storm-2", 2), rule("storm-3", 3), rule("storm-4", 4)],
  });
  const toasts = page.locator(".helios-toaster .bp6-toast");
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText(/4 alerts: Pack voltage [\d.]+ V above 1 V · .* …/i);
  await expect(toasts).toHaveClass(/bp6-intent-warning/);
  await expect(page.getByTestId("status-alerts-warning")).toHaveText("4 warning");
  await expect(page.getByTestId("status-alerts")).toHaveAttribute("data-flashing", "false");

  await toasts.getByRole("button", { name: "Mute 4 rules 15 min" }).click();
  await expect(toasts).toHaveCount(0);
  const muted = page.getByTestId("alerts-muted-rule");
  await expect(muted).toHaveCount(4);
  await expect(muted.first()).toHaveText(/^storm-\d · 15 min left$/);
  // Muting keeps the log.
  await expect(page.getByTestId("alerts-log").getByTestId("alert-row")).toHaveCount(4);
});
