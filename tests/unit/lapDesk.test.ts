// The lap desk: which lap events count, the lap table, the finish line.
import { describe, expect, it } from "vitest";
import type { ConnectionType } from "../../workers/contract/fields";
import type { LapCoords } from "../../workers/contract/laps";
import { LapDesk } from "../../workers/telemetry/laps/LapDesk";
import { lapsCsv } from "../../workers/telemetry/laps/lapsCsv";
import { BackendInfo } from "../../workers/telemetry/service/backendInfo";
import { resolveConfig } from "../../workers/telemetry/service/config";
import { LiveLinks } from "../../workers/telemetry/service/liveLinks";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";
import { SourceSwitch } from "../../workers/telemetry/sources/SourceSwitch";
import { realTimers } from "../../workers/telemetry/sources/timers";

// A nested (2026-01) lap record, as the backend and the simulated car send it.
const END_MS = 1_795_000_000_000;
const LAP = {
  Rfid: "TAG-1",
  timestamp: END_MS,
  data: {
    ampHours: 1,
    averagePackCurrent: 20,
    averageSpeed: 462, // the server's rpm mean
    batterySecondsRemaining: 7200,
    distance: 4.4,
    energyConsumed: -54_000, // J: 180 s × (900 − 1200) W
    lapTime: 180,
    netPowerOut: -300,
    timeStamp: END_MS,
    totalPowerIn: 900,
    totalPowerOut: 1200,
  },
};

function desk(type: ConnectionType, fetchImpl?: typeof fetch) {
  const links = new LiveLinks(() => 0);
  links.setType(type);
  const sources = new SourceSwitch({
    config: resolveConfig({ connectToBackend: false }),
    links,
    timers: realTimers,
    demoSeed: 1,
    sinkFor: () => ({}) as SourceSink,
    switching: () => undefined,
    settled: () => undefined,
  });
  const rejected: string[] = [];
  const moved: LapCoords[] = [];
  let changes = 0;
  const laps = new LapDesk({
    fetchImpl,
    backendUrl: () => "http://127.0.0.1:9",
    backend: new BackendInfo(),
    sources: () => sources,
    sessions: () => null,
    reject: (_source, reason) => void rejected.push(reason),
    lapsChanged: () => void changes++,
    lineMoved: (coords) => void moved.push(coords),
  });
  return { laps, sources, links, rejected, moved, changes: () => changes };
}

describe("LapDesk", () => {
  it("takes the live source's laps in NETWORK and DEMO (simulated there)", () => {
    const network = desk("NETWORK");
    network.laps.lapData(LAP, "NETWORK");
    expect(network.laps.live().laps).toMatchObject([{ rfid: "TAG-1", simulated: false }]);
    expect(network.changes()).toBe(1);
    const demo = desk("DEMO");
    demo.laps.lapData(LAP, "DEMO");
    expect(demo.laps.live().laps).toMatchObject([{ simulated: true }]);
  });

  it("ignores laps from a source that is not live and in RADIO", () => {
    const fromOther = desk("NETWORK");
    fromOther.laps.lapData(LAP, "DEMO");
    const radio = desk("RADIO");
    radio.laps.lapData(LAP, "RADIO");
    for (const d of [fromOther, radio]) {
      expect(d.laps.live().laps).toEqual([]);
      expect(d.changes()).toBe(0);
    }
  });

  it("puts laps read back after a reload in time order, once each, before new ones", () => {
    const { laps } = desk("DEMO");
    const at = (endMs: number) => ({
      ...LAP,
      timestamp: endMs,
      data: { ...LAP.data, timeStamp: endMs },
    });
    laps.lapData(at(END_MS + 3000), "DEMO"); // a lap that came while the database opened
    const recorded = [END_MS + 1000, END_MS + 2000, END_MS + 3000].map((endMs) => ({
      ...laps.live().laps[0]!,
      endMs,
    }));
    laps.restore(recorded);
    laps.restore(recorded);
    expect(laps.live().laps.map((lap) => lap.endMs)).toEqual([
      END_MS + 1000,
      END_MS + 2000,
      END_MS + 3000,
    ]);
    // A real source's table never takes the simulated car's laps.
    const network = desk("NETWORK");
    network.laps.restore(recorded);
    expect(network.laps.live().laps).toEqual([]);
  });

  it("in DEMO fetches nothing and says the laps come from the simulated car, never a fetch error", async () => {
    const asked: string[] = [];
    const failing = (async (url: string) => {
      asked.push(url);
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    const demo = desk("DEMO", failing);
    await demo.laps.refresh();
    expect(asked).toEqual([]);
    expect(demo.laps.live()).toMatchObject({ error: false, message: /simulated demo car/ });
    // An error from NETWORK is no longer the news once DEMO is live.
    const switching = desk("NETWORK", failing);
    await switching.laps.refresh();
    expect(switching.laps.live()).toMatchObject({
      error: true,
      message: "Error fetching lap data",
    });
    switching.links.setType("DEMO");
    switching.laps.sourceIs("DEMO");
    expect(switching.laps.live().error).toBe(false);
  });

  it("lists the backend's laps when NETWORK takes over from DEMO", async () => {
    const asked: string[] = [];
    const backend = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ data: url.endsWith("/laps") ? [LAP] : [] }));
    }) as unknown as typeof fetch;
    const { laps, links } = desk("DEMO", backend);
    laps.sourceIs("DEMO");
    laps.sourceIs("DEMO"); // said again after every link report: nothing is fetched
    expect(asked).toEqual([]);
    links.setType("NETWORK");
    laps.sourceIs("NETWORK");
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked.some((url) => url.endsWith("/laps"))).toBe(true);
    expect(laps.live().laps).toMatchObject([{ rfid: "TAG-1", simulated: false }]);
  });

  // Issue 58 item 1: the 2026-06 server lists its laps newest first.
  it("numbers a newest-first list (2026-06) in the order the laps ended", async () => {
    const ends = [END_MS + 3 * 180_000, END_MS + 180_000, END_MS + 2 * 180_000];
    const flatLap = (endMs: number) => ({
      AmpHours: 1,
      AverageMotorWattage: 900,
      AveragePackCurrent: 20,
      AverageSpeed: 462,
      BatterySecondsRemaining: 7200,
      Distance: 4.4,
      EnergyConsumed: -54_000,
      LapTime: 180,
      NetPowerOut: -300,
      TotalPowerIn: 900,
      TotalPowerOut: 1200,
      timestamp: new Date(endMs).toISOString(),
      rfid: "TAG-1",
    });
    const newestFirst = (async (url: string) =>
      new Response(
        JSON.stringify({ data: url.endsWith("/laps") ? ends.map(flatLap) : [] }),
      )) as unknown as typeof fetch;
    const { laps } = desk("NETWORK", newestFirst);
    await laps.refresh();
    const sorted = [...ends].sort((a, b) => a - b);
    expect(laps.live().laps.map((lap) => lap.endMs)).toEqual(sorted);
    // The export numbers them as the tab does: lap 1 is the one that ended first.
    const rows = lapsCsv(laps.live()).trim().split("\n").slice(1);
    expect(rows.map((row) => row.split(",")[0])).toEqual(["1", "2", "3"]);
    expect(rows[0]).toContain(new Date(sorted[0]!).toISOString());
  });

  it("keeps the laps shown when a refresh fails, and says why until one succeeds", async () => {
    let answer: () => Response = () => new Response(JSON.stringify({ data: [LAP] }));
    const backend = (async () => answer()) as unknown as typeof fetch;
    const { laps } = desk("NETWORK", backend);
    await laps.refresh();
    expect(laps.live()).toMatchObject({ error: false, laps: [{ rfid: "TAG-1" }] });
    expect(laps.live().reason).toBeUndefined();
    answer = () => new Response("down", { status: 503 });
    await laps.refresh();
    expect(laps.live()).toMatchObject({
      error: false,
      laps: [{ rfid: "TAG-1" }],
      reason: "http://127.0.0.1:9/laps answered HTTP 503.",
    });
    answer = () => new Response(JSON.stringify({ data: [LAP] }));
    await laps.refresh();
    expect(laps.live().reason).toBeUndefined();
  });

  it("counts a malformed lap as rejected and keeps the table", () => {
    const { laps, rejected } = desk("NETWORK");
    laps.lapData({ Rfid: 5 }, "NETWORK");
    expect(laps.live().laps).toEqual([]);
    expect(rejected).toHaveLength(1);
  });

  it("drops the simulated car's laps once a real source is live", () => {
    const { laps, links, changes } = desk("DEMO");
    laps.lapData(LAP, "DEMO");
    laps.sourceIs("DEMO");
    expect(laps.live().laps).toHaveLength(1);
    const before = changes();
    links.setType("RADIO");
    laps.sourceIs("RADIO");
    expect(laps.live().laps).toEqual([]);
    expect(changes()).toBe(before + 1);
  });

  it("moves the finish line locally in DEMO, refuses without a backend link elsewhere", async () => {
    const demo = desk("DEMO");
    const answer = await demo.laps.setLapCoords({ lat: "-33.9", long: "151.2", password: "" });
    expect(answer).toEqual({ ok: true, coords: { lat: -33.9, long: 151.2 }, simulated: true });
    expect(demo.moved).toEqual([{ lat: -33.9, long: 151.2 }]);
    const network = desk("NETWORK");
    const refused = await network.laps.setLapCoords({ lat: "1", long: "2", password: "x" });
    expect(refused.ok).toBe(false);
    expect(network.moved).toEqual([]);
  });

  it("takes a lapCoords broadcast, ignores the backend's error object, rejects nonsense", () => {
    const { laps, moved, rejected } = desk("NETWORK");
    laps.lapCoords({ lat: 1, long: 2 }, "NETWORK");
    laps.lapCoords({ error: "Wrong password" }, "NETWORK");
    laps.lapCoords("north", "NETWORK");
    expect(moved).toEqual([{ lat: 1, long: 2 }]);
    expect(rejected).toHaveLength(1);
  });

  it("writes the lap table as shown: number, driver name, end time, every figure as the table names it", () => {
    const { laps } = desk("NETWORK");
    laps.lapData(LAP, "NETWORK");
    const text = lapsCsv({ ...laps.live(), drivers: { "TAG-1": "Ada" } });
    const [header, row] = text.trim().split("\n");
    const names = header!.split(",");
    expect(names.slice(0, 4)).toEqual(["Lap", "Driver", "RFID", "Finished (ISO 8601)"]);
    expect(names.at(-1)).toBe("Simulated");
    const cell = (name: string) => row!.split(",")[names.indexOf(name)];
    // The same definitions as the table: Wh used, the amp-hour level, the server's rpm figure.
    expect(cell("Energy used (Wh)")).toBe("15");
    expect(cell("Pack Ah at lap end (Ah)")).toBe("1");
    expect(cell("Server avg speed (rpm-based)")).toBe("462");
    expect(cell("Avg speed (km/h)")).toBe("88");
    expect(cell("Net power in − out (W)")).toBe("-300");
    expect(names).not.toContain("energyConsumed");
    expect(row!.startsWith(`1,"Ada","TAG-1",`)).toBe(true); // strings quoted (formula-safe)
    expect(row).toContain(new Date(END_MS).toISOString());
  });
});
