// New alerts' sound and desktop notification (Settings → Alerts): only when
// turned on, the desktop one only while the page is hidden and permitted, the
// sound not for info, and once per burst. Browser globals are stood in for.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AlertEntry, AlertSeverity } from "../../workers/contract/alerts";
import { alertSettings } from "../../src/state/alertSettings";
import { announceAlerts } from "../../src/shell/notifications/alertAnnouncer";
import { alertEventHandler } from "../../src/shell/notifications/alertEvents";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";

const shown: { title: string; body?: string }[] = [];
const oscillators: number[] = [];
let visibility = "hidden";
let permission = "granted";

class FakeNotification {
  static get permission() {
    return permission;
  }
  constructor(title: string, options?: { body?: string }) {
    shown.push({ title, body: options?.body });
  }
}

class FakeAudioContext {
  currentTime = 0;
  destination = {};
  createGain() {
    return { gain: { value: 0 }, connect: () => undefined };
  }
  createOscillator() {
    const node = {
      type: "sine",
      frequency: { value: 0 },
      connect: () => undefined,
      start: () => oscillators.push(node.frequency.value),
      stop: () => undefined,
    };
    return node;
  }
}

let now = 0;
const entry = (severity: AlertSeverity, message = "Pack voltage 420 V"): AlertEntry => ({
  seq: 1,
  group: 1,
  ruleId: "r",
  subject: "Battery.PackVoltage",
  label: "Pack voltage",
  unit: "V",
  severity,
  start: 0,
  end: null,
  duration: 0,
  value: 420,
  peak: 420,
  limit: 400,
  bits: "",
  message,
  acknowledged: false,
});
const text = (e: AlertEntry) => e.message;

beforeEach(() => {
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("AudioContext", FakeAudioContext);
  vi.stubGlobal("document", {
    get visibilityState() {
      return visibility;
    },
  });
  now += 10_000; // each test starts past the previous one's quiet second
  vi.spyOn(performance, "now").mockImplementation(() => now);
  shown.length = 0;
  oscillators.length = 0;
  visibility = "hidden";
  permission = "granted";
  alertSettings.sound = false;
  alertSettings.desktop = false;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("alert announcements", () => {
  it("do nothing while both settings are off (the default)", () => {
    announceAlerts([entry("critical")], text);
    expect(shown).toEqual([]);
    expect(oscillators).toEqual([]);
  });

  it("notify the desktop only while the page is hidden and the browser permits", () => {
    alertSettings.desktop = true;
    announceAlerts([entry("critical")], text);
    expect(shown).toEqual([{ title: "Helios: Critical alert", body: "Pack voltage 420 V" }]);
    visibility = "visible";
    announceAlerts([entry("critical")], text);
    visibility = "hidden";
    permission = "denied";
    announceAlerts([entry("critical")], text);
    expect(shown).toHaveLength(1);
  });

  it("sound critical distinct from warning, nothing for info, once per burst", () => {
    alertSettings.sound = true;
    announceAlerts([entry("info")], text);
    expect(oscillators).toEqual([]);
    announceAlerts([entry("warning"), entry("critical")], text);
    const critical = [...oscillators];
    expect(critical).toHaveLength(3);
    announceAlerts([entry("warning")], text); // within the same second: quiet
    expect(oscillators).toHaveLength(3);
    now += 1500;
    oscillators.length = 0;
    announceAlerts([entry("warning")], text);
    expect(oscillators).toHaveLength(1);
    expect(oscillators[0]).not.toBe(critical[0]);
  });
});

describe("alert announcements with two windows on one core (issue 38)", () => {
  it("one desktop notification and one sound for an alert, not one per window", async () => {
    alertSettings.desktop = true;
    alertSettings.sound = true;
    const core = new TelemetryCore({ demoSeed: 3, flushIntervalMs: 0 });
    const windows = [new TelemetryService(core), new TelemetryService(core)];
    for (const service of windows) {
      const client = { api: service } as unknown as TelemetryClient;
      const onAlerts = alertEventHandler(client);
      service.start({ connectToBackend: false }, (events) => {
        for (const e of events) if (e.type === "alerts") onAlerts(e.started, e.omitted, e.announce);
      });
    }
    const always = {
      id: "pack-high",
      subject: "Battery.PackVoltage",
      condition: { kind: "above", limit: 1 },
      forSeconds: 0,
      severity: "critical",
      message: "{label} {value} {unit}",
      enabled: true,
    };
    windows[0]!.setAlertRules({ format: "helios-alert-rules", version: 1, rules: [always] });
    // The demo car's first packets arrive, the alert starts, each window's batch goes out.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(shown).toHaveLength(1);
    expect(oscillators).toHaveLength(3); // critical's three notes, once
    windows.forEach((service) => service.stop());
  });
});
