// NETWORK mode in Chromium with an over-temperature injected by the feed
// server: the worker behind the page raises the default heatsink alert on the
// packet where it is due. Read through the test hooks, not the alerts UI.
import { expect, test } from "@playwright/test";
import { defaultRules } from "../../workers/telemetry/alerts/defaults";
import { fieldInfo } from "../../workers/telemetry/schema/fields";
import { openOnFeed, pageAlerts, startInjectedFeed } from "./injectedFeed";

const HEATSINK = "MotorDetails0.HeatsinkTemperature";
const rule = defaultRules().find((r) => r.id === "motor0-heatsink-temperature")!;
const limit = (rule.condition as { limit: number }).limit;
const HOT = limit + 20;

test("an injected over-temperature raises the heatsink alert in the page's worker", async ({
  page,
}) => {
  // 0.5 s of packet time per packet: the rule's 5 s pass in about a second.
  const server = await startInjectedFeed([{ atSeconds: 2, field: HEATSINK, value: HOT }], {
    speedup: 5,
  });
  try {
    await openOnFeed(page, server);
    await expect
      .poll(async () => (await pageAlerts(page)).active.map((a) => a.ruleId), { timeout: 20_000 })
      .toContain(rule.id);

    const alert = (await pageAlerts(page)).active.find((a) => a.ruleId === rule.id)!;
    expect(alert.label).toBe(fieldInfo(HEATSINK)!.label);
    expect(alert.severity).toBe("warning");
    expect(alert.message).toMatch(new RegExp(`\\b${HOT}(\\.0+)? °C`));
    // Started on the first packet over the limit for the rule's whole duration.
    const hot = server.sentLog.filter(
      (p) =>
        (p.packet as { MotorDetails0: { HeatsinkTemperature: number } }).MotorDetails0
          .HeatsinkTemperature === HOT,
    );
    const due = hot.find((p) => p.time - hot[0]!.time >= rule.forSeconds)!;
    expect(alert.start).toBe(due.time);
  } finally {
    await server.stop();
  }
});
