// Alerts in NETWORK mode against a real feed server that injects an
// over-temperature and a battery fault flag at known moments: the default
// rules fire on the packet where they should (their duration counted on the
// packets' clock), the window is told, the log says what happened, and the
// alert ends with the injection.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AlertEntry } from "../../workers/contract/alerts";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { defaultRules } from "../../workers/telemetry/alerts/defaults";
import { fieldInfo } from "../../workers/telemetry/schema/fields";
import { FeedServer, type FeedServerOptions } from "../../feed-server/FeedServer";
import type { SentPacket } from "../../feed-server/playbackRoute";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const waitFor = <T>(check: () => T, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 50 });

const HEATSINK = "MotorDetails0.HeatsinkTemperature";
const FLAG = "BatteryFaults.Errors.CurrentSensorFault";
const heatsinkRule = defaultRules().find((rule) => rule.id === "motor0-heatsink-temperature")!;
const flagRule = defaultRules().find((rule) => rule.subject === FLAG)!;

/** A packet field of a sent (wire) packet. */
function valueIn(sent: SentPacket, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], sent.packet);
}

/**
 * The feed held back until the service is on the socket, so the service sees
 * every packet from the first (the injection's clock counts from it).
 */
async function networkWithFeed(options: FeedServerOptions) {
  const server = await FeedServer.start({
    port: 0,
    host: "127.0.0.1",
    startPaused: true,
    ...options,
  });
  cleanup.push(() => server.stop());
  const service = new TelemetryService();
  const events: WorkerEvent[] = [];
  /** Per pushed alert: the newest packet time the service had stored when it came. */
  const storedWhenPushed = new Map<string, number>();
  service.start({ backendUrl: server.url, pingIntervalMs: 300 }, (batch) => {
    const newest = Number(service.snapshot(0).changed["TimeStamp"]);
    for (const event of batch) {
      events.push(event);
      if (event.type === "alerts")
        for (const entry of event.started) storedWhenPushed.set(entry.ruleId, newest);
    }
  });
  cleanup.push(() => service.stop());
  await waitFor(() => expect(service.snapshot(0).connection.socketConnected).toBe(true));
  server.resume();
  return { server, service, events, storedWhenPushed };
}

const entryOf = (service: TelemetryService, ruleId: string): AlertEntry | undefined =>
  service.alerts().log.find((entry) => entry.ruleId === ruleId);

describe("injected faults raise the default alerts in NETWORK mode", () => {
  it("an over-temperature fires when it has held the rule's duration, and clears only below its clear level", async () => {
    expect(heatsinkRule.condition).toMatchObject({ kind: "above" });
    const limit = (heatsinkRule.condition as { limit: number }).limit;
    const clear = heatsinkRule.clear!;
    const HOT = limit + 15;
    const WARM = (limit + clear) / 2; // under the limit, over the clear level: still active
    // 10 packets/s, 0.5 s of data each: the rule's 5 s take one real second.
    const { server, service, events, storedWhenPushed } = await networkWithFeed({
      rate: 10,
      speedup: 5,
      inject: [
        { atSeconds: 2.5, forSeconds: 8, field: HEATSINK, value: HOT },
        { atSeconds: 10.5, forSeconds: 3, field: HEATSINK, value: WARM },
      ],
    });

    await waitFor(() => expect(entryOf(service, heatsinkRule.id)?.end).toEqual(expect.any(Number)));
    const sent = server.sentLog;
    const hot = sent.findIndex((p) => valueIn(p, HEATSINK) === HOT);
    const since = sent[hot]!.time;
    expect(valueIn(sent[hot - 1]!, HEATSINK)).toBeLessThan(limit); // a real rise, not the first packet
    // The first packet on which the value had been over the limit for forSeconds.
    const due = sent.find((p) => p.time - since >= heatsinkRule.forSeconds)!;
    const warm = sent.findIndex((p) => valueIn(p, HEATSINK) === WARM);
    expect(warm).toBeGreaterThan(hot);
    const cooled = sent.slice(warm).find((p) => valueIn(p, HEATSINK) !== WARM)!;
    expect(valueIn(cooled, HEATSINK)).toBeLessThanOrEqual(clear);

    const entry = entryOf(service, heatsinkRule.id)!;
    expect(entry.start).toBe(due.time);
    expect(entry.end).toBe(cooled.time);
    expect(entry.label).toBe(fieldInfo(HEATSINK)!.label);
    expect(entry.severity).toBe(heatsinkRule.severity);
    expect(entry.peak).toBe(HOT);
    expect(entry.message).toContain(entry.label);
    expect(entry.message).toMatch(new RegExp(`\\b${HOT}(\\.0+)? °C, above ${limit}(\\.0+)? °C`));
    expect(service.alerts().active.map((a) => a.ruleId)).not.toContain(heatsinkRule.id);
    // One alert for the whole span: hovering between the levels did not end and restart it.
    expect(service.alerts().log.filter((a) => a.ruleId === heatsinkRule.id)).toHaveLength(1);

    // The window was told once, while the packet that fired it was the newest (or the next).
    const pushed = events.flatMap((e) => (e.type === "alerts" ? e.started : []));
    expect(pushed.filter((a) => a.ruleId === heatsinkRule.id)).toHaveLength(1);
    const seenThen = storedWhenPushed.get(heatsinkRule.id)!;
    const step = sent[hot + 1]!.time - sent[hot]!.time;
    expect(seenThen - due.time).toBeLessThanOrEqual(step * 1.01);
  });

  it("a battery error flag fires on its rising packet and ends when it drops", async () => {
    const { server, service, events } = await networkWithFeed({
      rate: 10,
      speedup: 5,
      inject: [{ atSeconds: 3, forSeconds: 2, field: FLAG, value: true }],
    });

    await waitFor(() => expect(entryOf(service, flagRule.id)?.end).toEqual(expect.any(Number)));
    const sent = server.sentLog;
    const rise = sent.findIndex((p) => valueIn(p, FLAG) === true);
    expect(valueIn(sent[rise - 1]!, FLAG)).toBe(false);
    const drop = sent.slice(rise).find((p) => valueIn(p, FLAG) === false)!;

    const entry = entryOf(service, flagRule.id)!;
    expect(entry.start).toBe(sent[rise]!.time);
    expect(entry.end).toBe(drop.time);
    expect(entry.severity).toBe("critical");
    expect(entry.label).toBe(fieldInfo(FLAG)!.label);
    expect(entry.message).toContain(entry.label);
    const pushed = events.flatMap((e) => (e.type === "alerts" ? e.started : []));
    expect(pushed.find((a) => a.ruleId === flagRule.id)).toMatchObject({
      label: entry.label,
      start: entry.start,
    });
  });

  it("a feed server given a bad injection refuses to start, saying why", async () => {
    await expect(
      FeedServer.start({
        port: 0,
        inject: [{ atSeconds: 1, field: "MotorDetails0.Heat", value: 90 }],
      }),
    ).rejects.toThrow(/"MotorDetails0.Heat": not a packet field/);
  });
});
