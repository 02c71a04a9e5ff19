// A few laps "from earlier today" so GET /laps is not empty on a fresh start:
// a second simulated car is driven ahead of time, its clock set in the past.
import type { LapRecord } from "../workers/telemetry/laps/lapRecord";
import { CarSimulator } from "../workers/telemetry/sources/demo/CarSimulator";

const TYPICAL_LAP_S = 230;

export function pastLaps(count: number, seed: number): LapRecord[] {
  if (count <= 0) return [];
  const startTime = Date.now() / 1000 - (count + 1) * TYPICAL_LAP_S - 600;
  const simulator = new CarSimulator({ seed: seed + 1000, startTime });
  const laps: LapRecord[] = [];
  for (let i = 0; laps.length < count && i < count * 2000; i++) {
    simulator.next(0.5);
    const lap = simulator.takeCompletedLap();
    if (lap) laps.push(lap);
  }
  return laps;
}
