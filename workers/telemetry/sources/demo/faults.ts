// The battery's fault and warning flags (BatteryFaults.Errors / .Warnings) as
// episodes a team would see, not one-packet flickers. The spec's demo keeps
// each flag true about 1 % of the time; here that 1 % comes as episodes of a
// few seconds to a few minutes (median 20 s), on average one per flag every
// ~50 minutes of driving.
//
// A flag with a cause in the simulated car waits for it: when its episode is
// due, it begins at the first moment the cause holds (a charge-limit warning
// for high cell voltage during regen with the cells near full, a temperature
// warning once the pack is warm, a failsafe while a communication fault is
// on). The episodes are due on a clock of their own, so a flag that waited
// catches up when its cause comes (spaced by a quiet spell, never a flicker):
// the cause decides when a flag is on, not how much. A cause that never comes
// keeps its flag off: a full pack shows no low-charge warning. Flags without a
// cause (a sensor, a relay, the fan) come at random.
//
// The random numbers are drawn only when an episode starts or ends, so the
// cost per packet is a few comparisons per flag at any packet rate.
import type { TelemetryPacket } from "../../schema/packetSchema";
import type { PackReadings } from "./packReadings";
import * as car from "./carModel";
import { cellExtremes, type CellExtremes } from "./cells";

type Errors = TelemetryPacket["BatteryFaults"]["Errors"];
type Warnings = TelemetryPacket["BatteryFaults"]["Warnings"];

/** Long-run share of the time each flag is on: the spec's "about 1 percent". */
const FAULT_DUTY = 0.01;
const MEDIAN_EPISODE_S = 20;
/** Spread of the (log-normal) episode length: most last 5 s to 2 min. */
const EPISODE_SPREAD = 0.9;
const MIN_EPISODE_S = 3;
const MAX_EPISODE_S = 300;
const MEAN_EPISODE_S = MEDIAN_EPISODE_S * Math.exp(EPISODE_SPREAD ** 2 / 2);
/** Mean quiet time between episodes that makes the duty FAULT_DUTY. */
const MEAN_GAP_S = (MEAN_EPISODE_S * (1 - FAULT_DUTY)) / FAULT_DUTY;
/** A flag catching up stays off at least this long between episodes. */
const MIN_QUIET_S = 30;

// Thresholds of the causes, in the simulated car's terms.
/** Pack current below −this is charging the pack (regen, or the sun exceeding the load). */
const CHARGING_A = 2;
/** Regen harder than this (A into the pack) can exceed the charge limit. */
const STRONG_REGEN_A = 20;
/** A cell this high is near full: the BMS trims the charge current limit. */
const HIGH_CELL_V = 4.0;
/** Discharge above this sags the cells: the BMS trims the discharge limit. */
const HEAVY_DISCHARGE_A = 30;
/** A cell sagging below this under load is reported low. */
const LOW_CELL_V = 3.6;
const LOW_SOC = 0.3;
/** The simulated pack runs cool; this far above the air is its warm state. */
const WARM_PACK_C = car.AMBIENT_C + 2.5;

interface CauseInputs {
  s: PackReadings;
  cells: CellExtremes;
  errors: Errors;
}
type Cause = ((now: CauseInputs) => boolean) | null;

const charging = ({ s }: CauseInputs) => s.packCurrent < -CHARGING_A;
const regenNearFull = (now: CauseInputs) => charging(now) && now.cells.high >= HIGH_CELL_V;
const heavyDischarge = ({ s }: CauseInputs) => s.packCurrent > HEAVY_DISCHARGE_A;
const sagging = (now: CauseInputs) => heavyDischarge(now) && now.cells.low < LOW_CELL_V;
const warm = ({ cells }: CauseInputs) => cells.hot >= WARM_PACK_C;

// Every flag of the schema, each with its cause or null; errors come first, so
// a warning caused by an error sees that error's state of this packet.
const ERROR_CAUSES: Record<keyof Errors, Cause> = {
  AlwaysOnSupplyFault: null,
  CanbusCommunicationFault: null,
  ChargeLimitEnforcementFault: ({ s }) => s.packCurrent < -STRONG_REGEN_A,
  ChargerSafetyRelayFault: null,
  CurrentSensorFault: null,
  DischargeLimitEnforcementFault: heavyDischarge,
  FanMonitorFault: null,
  HighVoltageIsolationFault: null,
  InternalCommunicationFault: null,
  InternalConversionFault: null,
  InternalLogicFault: null,
  InternalMemoryFault: null,
  InternalThermistorFault: null,
  LowCellVoltageFault: sagging,
  OpenWiringFault: null,
  PackVoltageSensorFault: null,
  PowerSupply12VFault: null,
  ThermistorFault: null,
  VoltageRedundancyFault: null,
  WeakCellFault: null,
  WeakPackFault: null,
};

const WARNING_CAUSES: Record<keyof Warnings, Cause> = {
  CclReducedDueToAlternateCurrentLimit: null,
  CclReducedDueToChargerLatch: null,
  CclReducedDueToHighCellResistance: null,
  CclReducedDueToHighCellVoltage: regenNearFull,
  CclReducedDueToHighPackVoltage: regenNearFull,
  CclReducedDueToHighSoc: regenNearFull,
  CclReducedDueToTemperature: warm,
  DclAndCclReducedDueToCommunicationFailsafe: ({ errors }) =>
    errors.CanbusCommunicationFault || errors.InternalCommunicationFault,
  DclAndCclReducedDueToVoltageFailsafe: ({ errors }) =>
    errors.PackVoltageSensorFault || errors.VoltageRedundancyFault,
  DclReducedDueToHighCellResistance: null,
  DclReducedDueToLowCellVoltage: sagging,
  DclReducedDueToLowPackVoltage: sagging,
  DclReducedDueToLowSoc: ({ s }) => s.soc < LOW_SOC,
  DclReducedDueToTemperature: warm,
};

interface Flag {
  flags: Record<string, boolean>;
  name: string;
  cause: Cause;
  on: boolean;
  /**
   * Simulated seconds when the next episode is due on the flag's own clock
   * (it may wait for its cause, and may lie in the past while it waits).
   */
  dueAt: number;
  endAt: number;
  /** No episode begins before this: a flag catching up never flickers. */
  quietUntil: number;
}

export class FaultEpisodes {
  readonly errors = falseFlags(ERROR_CAUSES) as Errors;
  readonly warnings = falseFlags(WARNING_CAUSES) as Warnings;
  private readonly flags: Flag[];

  constructor(private readonly random: () => number) {
    const flag = (flags: Record<string, boolean>, [name, cause]: [string, Cause]): Flag => ({
      flags,
      name,
      cause,
      on: false,
      dueAt: this.gap(),
      endAt: 0,
      quietUntil: 0,
    });
    this.flags = [
      ...Object.entries(ERROR_CAUSES).map((entry) => flag(this.errors, entry)),
      ...Object.entries(WARNING_CAUSES).map((entry) => flag(this.warnings, entry)),
    ];
  }

  /** Brings every flag to `elapsedS` simulated seconds, with the car as it is now. */
  update(elapsedS: number, s: PackReadings): void {
    let now: CauseInputs | null = null; // read only when a caused episode is due
    for (const f of this.flags) {
      if (f.on) {
        if (elapsedS < f.endAt) continue;
        f.on = f.flags[f.name] = false;
        f.quietUntil = elapsedS + MIN_QUIET_S;
        continue;
      }
      if (elapsedS < f.dueAt || elapsedS < f.quietUntil) continue;
      if (f.cause) {
        now ??= { s, cells: cellExtremes(s), errors: this.errors };
        if (!f.cause(now)) continue;
      }
      const seconds = this.duration();
      f.on = f.flags[f.name] = true;
      f.endAt = elapsedS + seconds;
      // The clock moves on from when the episode was due, not from when it began.
      f.dueAt += seconds + this.gap();
    }
  }

  /** Quiet time before the next episode: exponential, so episodes come at random. */
  private gap(): number {
    return -Math.log(1 - this.random()) * MEAN_GAP_S;
  }

  /** Episode length: log-normal (many short, a few of minutes), within bounds. */
  private duration(): number {
    const u = 1 - this.random();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.random());
    const seconds = MEDIAN_EPISODE_S * Math.exp(EPISODE_SPREAD * z);
    return Math.min(MAX_EPISODE_S, Math.max(MIN_EPISODE_S, seconds));
  }
}

function falseFlags(causes: Record<string, Cause>): Record<string, boolean> {
  return Object.fromEntries(Object.keys(causes).map((name) => [name, false]));
}
