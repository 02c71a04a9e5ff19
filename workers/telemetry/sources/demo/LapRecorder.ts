// Sums what happens during a lap and turns it into a lap record shaped as the
// backend's `lapData` (PROTOCOL.md "Lap record"), computed from the car's own
// simulated data. Units: distance km, averageSpeed km/h, powers W (averaged
// over the lap), energyConsumed kWh (net, from the pack), ampHours Ah drawn,
// lapTime s, batterySecondsRemaining s at the lap's average current.
import type { LapRecord } from "../../laps/laps";

const MAX_SECONDS_REMAINING = 24 * 3600; // shown when the pack is charging

export interface LapSample {
  dt: number;
  distance: number;
  packCurrent: number;
  packVoltage: number;
  powerOut: number;
  powerIn: number;
}

export class LapRecorder {
  private time = 0;
  private distance = 0;
  private ampSeconds = 0;
  private packEnergyJ = 0;
  private energyOutJ = 0;
  private energyInJ = 0;

  add(sample: LapSample): void {
    this.time += sample.dt;
    this.distance += sample.distance;
    this.ampSeconds += sample.packCurrent * sample.dt;
    this.packEnergyJ += sample.packCurrent * sample.packVoltage * sample.dt;
    this.energyOutJ += sample.powerOut * sample.dt;
    this.energyInJ += sample.powerIn * sample.dt;
  }

  /** The finished lap's record; the recorder starts the next lap from zero. */
  finish(rfid: string, endTimeMs: number, remainingAh: number): LapRecord {
    const t = Math.max(this.time, 1e-6);
    const averageCurrent = this.ampSeconds / t;
    const totalPowerOut = this.energyOutJ / t;
    const totalPowerIn = this.energyInJ / t;
    const secondsRemaining =
      averageCurrent > 0
        ? Math.min(MAX_SECONDS_REMAINING, (remainingAh / averageCurrent) * 3600)
        : MAX_SECONDS_REMAINING;
    const record: LapRecord = {
      Rfid: rfid,
      timestamp: endTimeMs,
      data: {
        ampHours: this.ampSeconds / 3600,
        averagePackCurrent: averageCurrent,
        averageSpeed: (this.distance / t) * 3.6,
        batterySecondsRemaining: secondsRemaining,
        distance: this.distance / 1000,
        energyConsumed: this.packEnergyJ / 3.6e6,
        lapTime: this.time,
        netPowerOut: totalPowerOut - totalPowerIn,
        timeStamp: endTimeMs,
        totalPowerIn,
        totalPowerOut,
      },
    };
    this.time = this.distance = this.ampSeconds = 0;
    this.packEnergyJ = this.energyOutJ = this.energyInJ = 0;
    return record;
  }
}
