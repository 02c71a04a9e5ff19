// The alerts UI's pure parts: toast coalescing (a storm is one toast), the
// words shown (user units, counts, durations, mutes), the log filter, the
// saved settings and the map position lookup.
import { describe, expect, it } from "vitest";
import type { AlertEntry } from "../../workers/contract/alerts";
import {
  AlertToasts,
  alertToastText,
  TOAST_MUTE_MINUTES,
} from "../../src/shell/notifications/alertToasts";
import { soundFor } from "../../src/shell/notifications/alertSound";
import type { Notification } from "../../src/state/notificationQueue";
import {
  alertCountsText,
  alertDurationText,
  alertMessage,
  alertValueText,
  filterAlertLog,
  muteLeftText,
} from "../../src/ui/format/alertFormat";
import { parseAlertSettings } from "../../src/state/alertSettings";
import { nearestPoint } from "../../src/actions/momentActions";
import { ReadThrottle } from "../../src/ui/readThrottle";

let seq = 0;
function entry(partial: Partial<AlertEntry> = {}): AlertEntry {
  seq++;
  return {
    seq,
    group: seq,
    ruleId: `rule-${seq}`,
    subject: "Battery.PackVoltage",
    label: "Pack voltage",
    unit: "V",
    severity: "warning",
    start: 1_795_000_000 + seq,
    end: null,
    duration: 0,
    value: 400 + seq,
    peak: 400 + seq,
    limit: 390,
    bits: "",
    message: `Pack voltage high ${seq}`,
    acknowledged: false,
    ...partial,
  };
}

function sinkAndClock() {
  const shown: Notification[] = [];
  const updates: Notification[] = [];
  const gone = new Set<string>();
  const acknowledged: number[][] = [];
  const muted: [string[], number][] = [];
  let now = 0;
  const toasts = new AlertToasts(
    {
      show: (n) => shown.push(n),
      update: (n) => {
        if (gone.has(n.id)) return false;
        updates.push(n);
        return true;
      },
    },
    { acknowledge: (s) => acknowledged.push(s), mute: (ids, m) => muted.push([ids, m]) },
    (e) => e.message,
    () => now,
  );
  return {
    toasts,
    shown,
    updates,
    gone,
    acknowledged,
    muted,
    advance: (ms: number) => (now += ms),
  };
}

describe("alert toasts", () => {
  it("shows one toast per alert with its message, intent by severity", () => {
    const t = sinkAndClock();
    t.toasts.started([entry({ severity: "critical", message: "Pack voltage 420 V" })]);
    expect(t.shown).toHaveLength(1);
    expect(t.shown[0]).toMatchObject({
      title: "Critical alert",
      message: "Pack voltage 420 V",
      intent: "danger",
    });
    t.advance(5000);
    t.toasts.started([entry({ severity: "info", message: "Motor reset seen" })]);
    expect(t.shown).toHaveLength(2);
    expect(t.shown[1]).toMatchObject({ message: "Motor reset seen", intent: "none" });
    t.advance(5000);
    t.toasts.started([entry({ severity: "warning" })]);
    expect(t.shown[2]!.intent).toBe("warning");
  });

  it("coalesces a storm of 30 alerts within a toast's lifetime into one toast, 30 alerts: …", () => {
    const t = sinkAndClock();
    const storm = Array.from({ length: 30 }, (_, i) =>
      entry({ message: `Flag ${i + 1} raised`, severity: i === 7 ? "critical" : "warning" }),
    );
    t.toasts.started(storm.slice(0, 10));
    for (let i = 10; i < 30; i++) {
      t.advance(100); // 2 s in all: within the 4 s lifetime
      t.toasts.started([storm[i]!]);
    }
    expect(t.shown).toHaveLength(1);
    const last = t.updates.at(-1)!;
    expect(last.id).toBe(t.shown[0]!.id);
    expect(last.message).toBe("30 alerts: Flag 1 raised · Flag 2 raised · Flag 3 raised …");
    // The worst severity of the storm decides the colour.
    expect(last.intent).toBe("danger");
  });

  it("counts a storm's alerts sent only as a number: 20 sent and 10 more make '30 alerts'", () => {
    const t = sinkAndClock();
    t.toasts.started(
      Array.from({ length: 20 }, (_, i) => entry({ message: `Flag ${i + 1} raised` })),
      10,
    );
    expect(t.shown).toHaveLength(1);
    expect(t.shown[0]!.message).toBe("30 alerts: Flag 1 raised · Flag 2 raised · Flag 3 raised …");
  });

  it("the car link rule's alert is the spec's 'Connection Lost' toast", () => {
    const t = sinkAndClock();
    t.toasts.started([
      entry({ subject: "System.CarLink", severity: "critical", message: "Car has disconnected!" }),
    ]);
    expect(t.shown[0]).toMatchObject({
      title: "Connection Lost",
      message: "Car has disconnected!",
      intent: "danger",
    });
  });

  it("starts a new toast after the lifetime, or when the old one is gone", () => {
    const t = sinkAndClock();
    t.toasts.started([entry()]);
    t.advance(4000);
    t.toasts.started([entry()]);
    expect(t.shown).toHaveLength(2);
    t.advance(1000);
    t.gone.add(t.shown[1]!.id); // closed by the user
    t.toasts.started([entry()]);
    expect(t.shown).toHaveLength(3);
    expect(t.shown[2]!.message).not.toMatch(/alerts:/);
  });

  it("acknowledges every alert of the toast and mutes every rule of it for 15 minutes", () => {
    const t = sinkAndClock();
    const a = entry({ ruleId: "high-pack" });
    const b = entry({ ruleId: "high-pack" });
    const c = entry({ ruleId: "hot-motor" });
    t.toasts.started([a, b]);
    t.toasts.started([c]);
    const toast = t.updates.at(-1)!;
    const [ack, mute] = toast.actions!;
    expect(mute!.text).toBe(`Mute 2 rules ${TOAST_MUTE_MINUTES} min`);
    ack!.onClick();
    mute!.onClick();
    expect(t.acknowledged).toEqual([[a.seq, b.seq, c.seq]]);
    expect(t.muted).toEqual([[["high-pack", "hot-motor"], 15]]);
  });

  it("shows nothing for an empty event", () => {
    const t = sinkAndClock();
    t.toasts.started([]);
    expect(t.shown).toHaveLength(0);
  });

  it("words one alert by its severity and several by their count", () => {
    expect(alertToastText("warning", ["a"]).title).toBe("Warning");
    expect(alertToastText("info", ["a", "b"]).message).toBe("2 alerts: a · b");
  });

  it("sounds critical distinct from warning, and not for info", () => {
    expect(soundFor("critical")).toBe("critical");
    expect(soundFor("warning")).toBe("warning");
    expect(soundFor("info")).toBeNull();
  });
});

describe("alert words", () => {
  it("writes the message in the user's units from the rule's template", () => {
    const hot = entry({
      label: "Motor temperature",
      unit: "°C",
      value: 100,
      peak: 120,
      limit: 90,
      message: "Motor temperature 100 °C above 90",
    });
    const template = "{label} {value} {unit} above {limit}";
    expect(alertMessage(hot, template, "imperial")).toBe("Motor temperature 212 °F above 194");
    expect(alertMessage(hot, template, "metric")).toBe("Motor temperature 100 °C above 90");
    // Ended: the message quotes the worst value, as the worker's log does.
    expect(alertMessage({ ...hot, end: hot.start + 5 }, template, "metric")).toBe(
      "Motor temperature 120 °C above 90",
    );
    // A rule no longer known: the worker's words.
    expect(alertMessage(hot, undefined, "imperial")).toBe(hot.message);
  });

  it("gives values their unit in the user's system", () => {
    expect(alertValueText(100, "km/h", "imperial")).toBe("62.14 mph");
    expect(alertValueText(3.5, "V", "imperial")).toBe("3.500 V");
    expect(alertValueText(12, "", "metric")).toBe("12");
    expect(alertValueText(NaN, "V", "metric")).toBe("—");
  });

  it("counts active alerts by severity, worst first", () => {
    expect(alertCountsText({ critical: 1, warning: 0, info: 2 })).toBe("1 critical · 2 info");
    expect(alertCountsText({ critical: 0, warning: 0, info: 0 })).toBe("No active alerts");
  });

  it("says why the bar still flashes when a critical alert cleared unacknowledged", () => {
    const none = { critical: 0, warning: 0, info: 0 };
    expect(alertCountsText(none, 1)).toBe("1 critical cleared, not acknowledged");
    // Active ones are counted first; the flashing tells the rest.
    expect(alertCountsText({ ...none, warning: 1 }, 1)).toBe("1 warning");
  });

  it("reads durations and mute time left", () => {
    expect(alertDurationText(4.4)).toBe("4 s");
    expect(alertDurationText(125)).toBe("2:05");
    expect(alertDurationText(3725)).toBe("1:02:05");
    expect(muteLeftText(15 * 60_000, 0)).toBe("15 min");
    expect(muteLeftText(14 * 60_000 + 1, 0)).toBe("15 min");
    expect(muteLeftText(40_000, 0)).toBe("40 s");
    expect(muteLeftText(0, 5)).toBe("0 s");
  });
});

describe("alert log filter", () => {
  const log = [
    entry({ severity: "critical", label: "Pack voltage", message: "Pack voltage high" }),
    entry({ severity: "warning", label: "Cell temperature", message: "Cell hot" }),
    entry({ severity: "critical", label: "Motor 0 errors", message: "Motor fault: hall" }),
  ];

  it("lists newest first and keeps everything without a filter", () => {
    expect(filterAlertLog(log, { severity: "all", text: "" }).map((e) => e.seq)).toEqual([
      log[2]!.seq,
      log[1]!.seq,
      log[0]!.seq,
    ]);
  });

  it("filters by severity and by text in label, message or rule, case-insensitive", () => {
    expect(filterAlertLog(log, { severity: "critical", text: "" })).toHaveLength(2);
    expect(filterAlertLog(log, { severity: "all", text: "  HALL " })).toEqual([log[2]]);
    expect(filterAlertLog(log, { severity: "all", text: "cell temp" })).toEqual([log[1]]);
    expect(filterAlertLog(log, { severity: "all", text: log[0]!.ruleId })).toEqual([log[0]]);
    expect(filterAlertLog(log, { severity: "warning", text: "pack" })).toEqual([]);
  });
});

describe("alert settings", () => {
  it("are off by default and when the stored text is broken", () => {
    expect(parseAlertSettings(null)).toEqual({ sound: false, desktop: false });
    expect(parseAlertSettings("{nope")).toEqual({ sound: false, desktop: false });
    expect(parseAlertSettings('{"sound":"loud","desktop":true}')).toEqual({
      sound: false,
      desktop: true,
    });
    expect(parseAlertSettings('{"sound":true}')).toEqual({ sound: true, desktop: false });
  });
});

describe("position at an alert's moment", () => {
  it("takes the track point nearest the time, skipping breaks", () => {
    const time = Float64Array.of(10, 11, NaN, 13, 14);
    const lat = Float64Array.of(1, 2, NaN, 4, 5);
    const long = Float64Array.of(-1, -2, NaN, -4, -5);
    expect(nearestPoint(time, lat, long, 12.9)).toEqual({ lat: 4, long: -4 });
    expect(nearestPoint(time, lat, long, 0)).toEqual({ lat: 1, long: -1 });
    expect(nearestPoint(new Float64Array(), new Float64Array(), new Float64Array(), 5)).toBeNull();
  });
});

describe("alerts tab reads", () => {
  function fakeClock() {
    let now = 0;
    const timers: { at: number; run: () => void }[] = [];
    return {
      clock: {
        now: () => now,
        setTimeout: (run: () => void, ms: number) => {
          const timer = { at: now + ms, run };
          timers.push(timer);
          return timer;
        },
        clearTimeout: (handle: unknown) => {
          const index = timers.indexOf(handle as (typeof timers)[number]);
          if (index >= 0) timers.splice(index, 1);
        },
      },
      advance(ms: number) {
        now += ms;
        for (const timer of timers.filter((t) => t.at <= now)) {
          timers.splice(timers.indexOf(timer), 1);
          timer.run();
        }
      },
    };
  }

  it("read the log at most four times a second however often the version moves", () => {
    const time = fakeClock();
    let reads = 0;
    const throttle = new ReadThrottle(() => reads++, 250, time.clock);
    throttle.changed(); // the first change reads at once
    expect(reads).toBe(1);
    for (let ms = 0; ms < 1000; ms += 10) {
      time.advance(10);
      throttle.changed(); // a storm: 100 versions in a second
    }
    expect(reads).toBeGreaterThanOrEqual(4);
    expect(reads).toBeLessThanOrEqual(5);
    // The last change is read too, at the end of its interval.
    time.advance(250);
    const settled = reads;
    time.advance(1000);
    expect(reads).toBe(settled);
  });

  it("reads at once after the user acts, and a due read is not doubled", () => {
    const time = fakeClock();
    let reads = 0;
    const throttle = new ReadThrottle(() => reads++, 250, time.clock);
    throttle.changed();
    time.advance(10);
    throttle.changed(); // due at 250
    throttle.readNow();
    expect(reads).toBe(2);
    time.advance(500);
    expect(reads).toBe(2);
  });
});
