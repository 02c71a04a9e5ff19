// A simulated car that goes on from a recorded one (issue 58, item 13): when
// the core is restarted (its tab crashed, or the windows replaced a hung
// one), the DEMO session goes on, and its car must be the same car where it
// stopped, not a fresh one at the finish line with another charge and cool
// motors. What the packet carries is taken up: where on the track, the
// odometer, the speed, the charge, the temperatures, the bus counters and
// the driver. The rest (the driver's pace, clouds, fault episodes, the lap's
// running totals) starts again from the seed: the lap under way when the core
// stopped has its figures from the restart on.
import type { RecordedRow } from "../../sessions/newestRow";
import * as car from "./carModel";
import type { CarState } from "./carState";
import { TRACK } from "./track";

/**
 * Sets `s` from the recorded packet of a car whose pack holds `capacityAh`;
 * values that are not finite leave the state as it was.
 */
export function resumeCar(s: CarState, row: RecordedRow, capacityAh: number): void {
  const take = (path: string, set: (value: number) => void) => {
    const value = row.number(path);
    if (Number.isFinite(value)) set(value);
  };
  const lat = row.number("Telemetry.GpsLatitude");
  const long = row.number("Telemetry.GpsLongitude");
  if (Number.isFinite(lat) && Number.isFinite(long)) {
    s.lapDistance = TRACK.nearest(lat, long).along;
    const point = TRACK.pointAt(s.lapDistance);
    s.lat = point.lat;
    s.long = point.long;
    s.curvature = point.curvature;
  }
  take("MotorDetails0.Odometer", (v) => (s.odometer = v));
  take("MotorDetails0.VehicleVelocity", (v) => (s.speed = Math.max(0, v)));
  take("Battery.PackAmphours", (v) => {
    s.remainingAh = Math.min(Math.max(v, 0), capacityAh);
    s.soc = s.remainingAh / capacityAh;
  });
  take("Battery.AverageTemperature", (v) => (s.packTemp = v));
  take("Telemetry.MpuTemperature", (v) => (s.cabinTemp = v));
  for (const m of [0, 1] as const) {
    take(`MotorDetails${m}.MotorTemperature`, (v) => (s.motorTemp[m] = v));
    take(`MotorDetails${m}.HeatsinkTemperature`, (v) => (s.heatsinkTemp[m] = v));
    take(`MotorDetails${m}.DC_Bus_Ah`, (v) => (s.dcBusAh[m] = v));
  }
  for (let unit = 0; unit < car.MPPT_UNITS; unit++)
    for (let ch = 0; ch < car.MPPT_CHANNELS; ch++)
      take(`MPPT.Mppt${unit}Ch${ch}UnitTemperature`, (v) => {
        s.mpptTemp[unit * car.MPPT_CHANNELS + ch] = v;
      });
  const rfid = row.string("Pi.Rfid");
  if (rfid !== "") s.rfid = rfid;
}
