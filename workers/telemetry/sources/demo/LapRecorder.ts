// Sums what happens during a lap and turns it into a lap record shaped as the
// backend's `lapData` (PROTOCOL.md "Lap record"), computed from the car's own
// simulated data. The figures follow the team's server's definitions
// (PROTOCOL.md "Lap record figures"), so one reading of a lap record serves
// the real car and the demo alike:
// - ampHours: the pack's amp-hour reading at the lap's end (a level, as
//   Battery.PackAmphours reports it), not what the lap used;
// - averageSpeed: the lap's mean of (motor 0 rpm + motor 1 rpm) / 2, as the
//   server computes it (rpm, not km/h);
// - netPowerOut: mean power in − mean power out, W (negative while the car
//   draws more than the sun and regen give);
// - energyConsumed: lapTime (s) × netPowerOut (W), so joules, with that sign;
// - totalPowerIn: solar + regen, totalPowerOut: motors + auxiliaries, means in W;
// - distance km, lapTime s, batterySecondsRemaining s at the lap's average current.
import type { LapRecord } from "../../laps/laps";

const MAX_SECONDS_REMAINING = 24 * 3600; // shown when the pack is charging

interface LapSample {
  dt: number;
  distance: number;
  packCurrent: number;
  /** (motor 0 rpm + motor 1 rpm) / 2 at this moment. */
  motorRpm: number;
  powerOut: number;
  powerIn: number;
}

export class LapRecorder {
  private time = 0;
  private distance = 0;
  private ampSeconds = 0;
  private rpmSeconds = 0;
  private energyOutJ = 0;
  private energyInJ = 0;

  add(sample: LapSample): void {
    this.time += sample.dt;
    this.distance += sample.distance;
    this.ampSeconds += sample.packCurrent * sample.dt;
    this.rpmSeconds += sample.motorRpm * sample.dt;
    this.energyOutJ += sample.powerOut * sample.dt;
    this.energyInJ += sample.powerIn * sample.dt;
  }

  /** The finished lap's record; the recorder starts the next lap from zero. */
  finish(rfid: string, endTimeMs: number, packAmpHours: number): LapRecord {
    const t = Math.max(this.time, 1e-6);
    const averageCurrent = this.ampSeconds / t;
    const totalPowerOut = this.energyOutJ / t;
    const totalPowerIn = this.energyInJ / t;
    const netPowerOut = totalPowerIn - totalPowerOut;
    const secondsRemaining =
      averageCurrent > 0
        ? Math.min(MAX_SECONDS_REMAINING, (packAmpHours / averageCurrent) * 3600)
        : MAX_SECONDS_REMAINING;
    const record: LapRecord = {
      Rfid: rfid,
      timestamp: endTimeMs,
      data: {
        ampHours: packAmpHours,
        averagePackCurrent: averageCurrent,
        averageSpeed: this.rpmSeconds / t,
        batterySecondsRemaining: secondsRemaining,
        distance: this.distance / 1000,
        energyConsumed: this.time * netPowerOut,
        lapTime: this.time,
        netPowerOut,
        timeStamp: endTimeMs,
        totalPowerIn,
        totalPowerOut,
      },
    };
    this.time = this.distance = this.ampSeconds = this.rpmSeconds = 0;
    this.energyOutJ = this.energyInJ = 0;
    return record;
  }
}
