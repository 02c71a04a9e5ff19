// The demo car's coherent laps: the energy out of the pack per lap that the
// lap table shows (the energy stage's running totals, from the packets the
// app receives) against the simulator's own bookkeeping, which integrates
// the pack's exact voltage × current at every physics step. The app never
// reads the simulator; this test does, as the reference.
import { describe, expect, it } from "vitest";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { energyBetween } from "../../workers/telemetry/laps/analysis/lapEnergy";
import { LAYOUT } from "../../workers/telemetry/features";

describe("demo laps: energy out of the pack", () => {
  it("matches the simulator's own pack-energy bookkeeping within 1 % on every lap", () => {
    const sim = new CarSimulator({ seed: 11, weather: "clear" });
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 1 << 15 });
    const edges: { time: number; packOutWh: number }[] = [];
    while (edges.length < 4) {
      const packet = sim.next(0.1);
      expect(store.ingest(packet, "DEMO")).toBe(true);
      if (sim.state.lapCompleted)
        edges.push({ time: packet.TimeStamp, packOutWh: sim.state.packEnergyOutWh });
    }
    for (let i = 1; i < edges.length; i++) {
      const reference = edges[i]!.packOutWh - edges[i - 1]!.packOutWh;
      const ours = energyBetween(store.ring, edges[i - 1]!.time, edges[i]!.time)!;
      expect(reference).toBeGreaterThan(10); // a lap that used the pack
      expect(Math.abs(ours.packOutWh - reference) / Math.abs(reference)).toBeLessThan(0.01);
      expect(ours.distanceKm).toBeGreaterThan(3);
    }
  });
});
