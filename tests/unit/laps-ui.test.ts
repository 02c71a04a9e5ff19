import { describe, expect, it } from "vitest";
import type { Lap } from "../../workers/contract/laps";
import {
  LAP_COLUMNS,
  bestLap,
  driverName,
  cellHint,
  columnUnit,
  formatCell,
  formatLapDate,
  formatTotal,
  formatLapTime,
  lapWindow,
  sortLaps,
  totals,
} from "../../src/ui/format/lapFormat";
import { formatDuration, raceDistance, raceDistanceUnit } from "../../src/ui/format/raceFormat";
import { lapSourceText } from "../../src/panels/Laps/LapsPanel";
import { LapToasts } from "../../src/shell/notifications/lapToasts";
import type { Notification } from "../../src/state/notificationQueue";

const END = Date.UTC(2026, 6, 1, 15, 0, 0);
const lap = (patch: Partial<Lap>): Lap => ({
  rfid: "0x1",
  endMs: END,
  lapTime: 200,
  distance: 4.2,
  averageSpeed: 75.6,
  ampHours: 1,
  averagePackCurrent: 10,
  energyConsumed: 0.5,
  totalPowerIn: 500,
  totalPowerOut: 1500,
  netPowerOut: 1000,
  batterySecondsRemaining: 3600,
  averageMotorWattage: null,
  simulated: false,
  ...patch,
});
const column = (id: string) => LAP_COLUMNS.find((c) => c.id === id)!;

describe("lap table formatting", () => {
  it("shows lap time as m:ss.ss", () => {
    expect(formatLapTime(183.456)).toBe("3:03.46");
    expect(formatLapTime(59.999)).toBe("1:00.00");
    expect(formatLapTime(7.5)).toBe("0:07.50");
    expect(formatLapTime(-1)).toBe("—");
  });

  it("shows the end as an en-US date with a 24-hour time and numbers with 2 decimals", () => {
    expect(formatLapDate(END)).toMatch(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d$/);
    expect(formatCell(lap({}), column("ampHours"), "metric")).toBe("1.00");
    expect(formatCell(lap({ ampHours: 1.23456 }), column("ampHours"), "metric")).toBe("1.23");
    expect(formatCell(lap({}), column("averageMotorWattage"), "metric")).toBe("—");
  });

  it("converts distance and speed for imperial units", () => {
    expect(formatCell(lap({}), column("distance"), "imperial")).toBe("2.61");
    // 4.2 km in 200 s is 75.6 km/h, 46.98 mph.
    expect(formatCell(lap({}), column("speed"), "imperial")).toBe("46.98");
    expect(formatCell(lap({}), column("totalPowerIn"), "imperial")).toBe("500.00");
  });

  it("shows the server's rpm-based speed under its own name, unconverted, beside distance ÷ time", () => {
    const server = column("averageSpeed");
    expect(server.title).toBe("Server avg speed (rpm-based)");
    expect(columnUnit(server, "metric")).toBe("");
    const rpmLap = lap({ averageSpeed: 462.4, distance: 0.85, lapTime: 60 });
    expect(formatCell(rpmLap, server, "imperial")).toBe("462.40");
    expect(formatCell(rpmLap, column("speed"), "metric")).toBe("51.00");
    expect(formatCell(lap({ lapTime: 0 }), column("speed"), "metric")).toBe("—");
  });

  it("reads the server's energy as joules and shows what the pack gave in Wh", () => {
    const energy = column("energyUsed");
    expect(columnUnit(energy, "metric")).toBe("Wh");
    // The real server: a 1 s lap at 543 W sent EnergyConsumed −543.03 (J, in − out).
    expect(formatCell(lap({ lapTime: 1, energyConsumed: -543.03 }), energy, "metric")).toBe("0.15");
    // A 3-minute lap at 543 W: 27.15 Wh, fine enough to compare laps.
    expect(formatCell(lap({ energyConsumed: -543 * 180 }), energy, "metric")).toBe("27.15");
    const sums = totals([
      lap({ energyConsumed: -3600 }),
      lap({ energyConsumed: -7200, endMs: END + 1 }),
    ]);
    expect(formatTotal(energy, sums.energyUsed, "metric")).toBe("3.00");
  });

  it("never sums the pack's amp hours: the totals read first → last with the change", () => {
    const laps = [
      lap({ ampHours: 84.1, endMs: END + 2 }),
      lap({ ampHours: 85.2, endMs: END + 1 }),
      lap({ ampHours: 83, endMs: END + 3 }),
    ];
    const ah = column("ampHours");
    expect(totals(laps).ampHours).toEqual({ kind: "level", first: 85.2, last: 83 });
    expect(formatTotal(ah, totals(laps).ampHours, "metric")).toBe("85.20 → 83.00 (−2.20)");
    expect(formatTotal(ah, totals(laps).ampHours, "metric")).not.toContain("252");
  });

  it("shows battery time left as h:mm with the seconds on hover", () => {
    const battery = column("batterySecondsRemaining");
    const long = lap({ batterySecondsRemaining: 22_901.13 });
    expect(columnUnit(battery, "metric")).toBe("h:mm");
    expect(formatCell(long, battery, "metric")).toBe("6:21");
    expect(cellHint(long, battery)).toBe("22,901.13 s");
    // The server sends −1 when it cannot tell.
    expect(formatCell(lap({ batterySecondsRemaining: -1 }), battery, "metric")).toBe("—");
    expect(cellHint(lap({}), column("distance"))).toBeUndefined();
  });

  it("sorts by any column both ways, highlights the fastest lap, and totals", () => {
    const laps = [lap({ lapTime: 210, endMs: END }), lap({ lapTime: 190, endMs: END + 1 })];
    expect(sortLaps(laps, "lapTime", "asc").map((l) => l.lapTime)).toEqual([190, 210]);
    expect(sortLaps(laps, "lapTime", "desc").map((l) => l.lapTime)).toEqual([210, 190]);
    expect(bestLap(laps)?.lapTime).toBe(190);
    expect(bestLap([])).toBeNull();
    const sums = totals(laps);
    expect(sums.lapTime).toEqual({ kind: "sum", value: 400 });
    expect(formatTotal(column("lapTime"), sums.lapTime, "metric")).toBe("6:40.00");
    expect(sums.distance).toEqual({ kind: "sum", value: expect.closeTo(8.4) });
    expect(sums.averageSpeed).toEqual({ kind: "mean", value: 75.6 }); // a mean, not a sum
    expect(formatTotal(column("averageSpeed"), sums.averageSpeed, "metric")).toBe("avg 75.60");
    // The overall speed: total distance ÷ total time (8.4 km in 400 s).
    expect(formatTotal(column("speed"), sums.speed, "metric")).toBe("overall 75.60");
    expect(sums.averageMotorWattage).toBeUndefined();
  });

  it("names drivers from GET /drivers, else shows the RFID", () => {
    expect(driverName("0x1", { "0x1": "Ada" })).toBe("Ada");
    expect(driverName("0x2", { "0x1": "Ada" })).toBe("0x2");
  });

  it("a lap's window ends at its end and lasts its lap time", () => {
    expect(lapWindow(lap({}))).toEqual({ from: END / 1000 - 200, to: END / 1000 });
  });

  it("says where laps come from for the current source", () => {
    expect(lapSourceText("NETWORK", false)).toMatch(/backend/);
    expect(lapSourceText("DEMO", false)).toMatch(/simulated/);
    expect(lapSourceText("RADIO", false)).toMatch(/NETWORK/);
    expect(lapSourceText("NETWORK", true)).toMatch(/playback/);
  });

  it("labels race distances honestly and formats time left", () => {
    expect(raceDistanceUnit("km/h")).toBe("km");
    expect(raceDistanceUnit("m/s")).toBe("m/s·h");
    // The wire's velocity is in m/s: m/s over hours is 3.6 km, shown in the current units.
    expect(raceDistance(10, "m/s", "metric")).toBe("36.00 km");
    expect(raceDistance(10, "m/s", "imperial")).toBe("22.37 mi");
    expect(raceDistance(10, "furlong/s", "metric")).toBe("10.00 furlong/s·h");
    expect(formatDuration(3_723_000)).toBe("1:02:03");
  });
});

describe("lap toasts never fall behind", () => {
  function harness() {
    let t = 0;
    const shown: Notification[] = [];
    const open = new Map<string, Notification>();
    const toasts = new LapToasts(
      {
        show: (n) => {
          shown.push(n);
          open.set(n.id, n);
        },
        update: (n) => (open.has(n.id) ? (open.set(n.id, n), true) : false),
      },
      () => t,
    );
    return { toasts, shown, open, advance: (ms: number) => (t += ms) };
  }

  it("a burst of 10 laps in 2 s gives one toast saying 10 laps completed", () => {
    const h = harness();
    for (let i = 0; i < 10; i++) {
      h.toasts.lap();
      h.advance(200);
    }
    expect(h.shown.length).toBeLessThanOrEqual(2);
    expect(h.shown).toHaveLength(1);
    expect(h.shown[0]).toMatchObject({
      title: "Lap Completion",
      message: "A lap has been completed!",
    });
    expect(h.open.get(h.shown[0]!.id)?.message).toBe("10 laps completed");
  });

  it("laps further apart than a toast's life each get their own toast", () => {
    const h = harness();
    h.toasts.lap();
    h.advance(4000);
    h.toasts.lap();
    expect(h.shown).toHaveLength(2);
    expect(h.shown[1]?.message).toBe("A lap has been completed!");
  });

  it("a lap after its toast was closed early starts a new toast", () => {
    const h = harness();
    h.toasts.lap();
    h.open.clear();
    h.advance(100);
    h.toasts.lap();
    expect(h.shown).toHaveLength(2);
  });
});
