// One forecast of the rest of the race day from a history's strategy state
// (strategyStage.ts) and its settings: energy now, the fitted power model,
// the sun expected, the horizon, then the three scenarios and their inputs'
// sources. Anything missing gives "Cannot forecast: …", never a number made
// up. Reads only telemetry (through the state) and settings.
import type {
  Recommendation,
  StrategyAnswer,
  StrategyInput,
  StrategySettings,
  TimeSeriesData,
} from "../../contract/strategy";
import type { FieldPath } from "../../contract/fields";
import { FIELD_TEXT } from "../schema/fieldLabels";
import { planHorizon } from "./horizon";
import { formatZonedTime, isTimeZone, localTimeOnDayOf } from "../../shared/dateTime";
import { MOVING_MPS, slotOf, type MinuteWindows } from "./minuteWindows";
import { powerAt, standingOnly, type PowerFit } from "./powerFit";
import { carPower, DRIVING_SHARE, MIN_COVERED_S, MIN_FIT_WINDOWS } from "./carPower";
import { solarInputs, uncertainText } from "./skyInputs";
import { buildTimeline, runScenario, type ScenarioInputs } from "./scenario";
import { planTheRace } from "./planTheRace";
import { fitSolar, TYPICAL_SKY, type SolarFit, type SolarSample } from "./solarFit";
import { blendSky } from "./skyBlend";
import { knownBy } from "../race/skyForecasts";
import { crossCheckPack } from "./packCrossCheck";
import { fitPackVoltage } from "./packVoltage";
import { MIN_SPEED_KMH, recommendSpeed } from "./speedSolver";
import type { StrategyState } from "./strategyState";

/**
 * The current pace is the last 2 hours' average: several stints of any usual
 * length, so that alternating stints do not swing the forecast by which one
 * the window happens to end in.
 */
const CURRENT_SPEED_S = 2 * 60 * 60;
const VOLTAGE_S = 10 * 60;

/** A field as people read it (the label table), not its wire name. */
const labelOf = (path: FieldPath): string => FIELD_TEXT.get(path)?.label ?? path;

const round = (x: number, digits = 0) => Number(x.toFixed(digits));
const kmh = (mps: number) => mps * 3.6;

function duration(s: number): string {
  const minutes = Math.round(s / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

/** Today's windows (local day of `now` in the zone), oldest first, as slots. */
function todaysSlots(w: MinuteWindows, now: number, timeZone: string): number[] {
  const dayStart = localTimeOnDayOf(now, 0, timeZone);
  const slots: number[] = [];
  for (let k = 0; k < w.count; k++) {
    const slot = slotOf(w, k);
    if (w.minute[slot]! * 60 >= dayStart && w.minute[slot]! * 60 < now) slots.push(slot);
  }
  return slots;
}

/** The pack's mean voltage over the last minutes, V; NaN without any. */
function recentVolts(w: MinuteWindows, slots: number[]): number {
  let vs = 0;
  let s = 0;
  for (let i = slots.length - 1; i >= 0 && s < VOLTAGE_S; i--) {
    vs += w.packVs[slots[i]!]!;
    s += w.coveredS[slots[i]!]!;
  }
  return s > 0 && vs > 0 ? vs / s : NaN;
}

/** Energy per point of state of charge, Wh, and where it comes from. */
function energyPerPoint(
  settings: StrategySettings,
  measuredV: number,
): { whPerPct: number; capacityWh: number; text: string; source: string } | null {
  const c = settings.capacity;
  if (c.kind === "Wh") {
    if (!(c.wh > 0)) return null;
    return {
      whPerPct: c.wh / 100,
      capacityWh: c.wh,
      text: `${round(c.wh)} Wh`,
      source: "from settings",
    };
  }
  if (!(c.ah > 0)) return null;
  // Ah converts to energy at the pack's own voltage, measured over the last
  // minutes (the nominal one from settings until there is one).
  const volts = Number.isFinite(measuredV) ? measuredV : c.nominalV;
  if (!(volts > 0)) return null;
  const wh = c.ah * volts;
  return {
    whPerPct: wh / 100,
    capacityWh: wh,
    text: `${c.ah} Ah × ${round(volts, 1)} V = ${round(wh / 1000, 2)} kWh`,
    source:
      volts === measuredV
        ? "Ah from settings, the pack's voltage measured (last 10 min)"
        : "Ah and nominal voltage from settings",
  };
}

const fail = (reason: string, simulated: boolean, inputs: StrategyInput[]): StrategyAnswer => ({
  ok: false,
  reason,
  simulated,
  inputs,
});

/**
 * The forecast of `state` now. Its texts write times in `textZone` (the zone
 * the asking window shows times in), named; in the race day's when absent:
 * the schedule's times are the race day's whichever zone they are read in.
 */
export function makeForecast(
  state: StrategyState,
  sliderKmh: number | null,
  textZone?: string,
): StrategyAnswer {
  const ctx = state.context;
  const simulated = ctx?.simulated ?? false;
  const inputs: StrategyInput[] = [];
  if (!ctx) return fail("Cannot forecast: no strategy settings", simulated, inputs);
  const { settings } = ctx;
  if (!isTimeZone(settings.timeZone))
    return fail(`Cannot forecast: unknown time zone "${settings.timeZone}"`, simulated, inputs);
  const shown = textZone !== undefined && isTimeZone(textZone) ? textZone : settings.timeZone;
  const latest = state.latest;
  const now = latest.time;
  if (!Number.isFinite(now)) return fail("Cannot forecast: no telemetry yet", simulated, inputs);
  const w = state.windows;
  if (!Number.isFinite(latest.soc))
    return fail(
      `Cannot forecast: no state of charge (${labelOf("Battery.PackStateOfCharge")}) in the telemetry`,
      simulated,
      inputs,
    );
  inputs.push({
    label: "State of charge",
    value: `${round(latest.soc, 1)} %`,
    source: `${labelOf("Battery.PackStateOfCharge")} at ${formatZonedTime(now, shown)}`,
  });
  if (!Number.isFinite(latest.lat) || !Number.isFinite(latest.long))
    return fail(
      `Cannot forecast: no GPS position (${labelOf("Telemetry.GpsLatitude")}, ${labelOf("Telemetry.GpsLongitude")}) for the sun`,
      simulated,
      inputs,
    );
  inputs.push({
    label: "Position",
    value: `${latest.lat.toFixed(4)}, ${latest.long.toFixed(4)}`,
    source: "GPS (the sun's elevation is computed there)",
  });
  const slots = todaysSlots(w, now, settings.timeZone);
  const voltsNow = recentVolts(w, slots);
  const energy = energyPerPoint(settings, voltsNow);
  if (!energy)
    return fail("Cannot forecast: the pack's capacity is not set in settings", simulated, inputs);
  inputs.push({ label: "Pack capacity", value: energy.text, source: energy.source });
  const voltage = fitPackVoltage(w, slots);
  // Wh per point falls with the voltage, whichever way the capacity is set.
  const voltageDropPerPct =
    voltage && Number.isFinite(voltsNow) ? voltage.voltsPerPct / voltsNow : 0;
  if (voltage)
    inputs.push({
      label: "Pack voltage",
      value: `${round(voltage.voltsPerPct, 2)} V lower per point of charge`,
      source: `fitted to today's ${voltage.windows} minutes (each Wh takes more charge as the pack empties)`,
    });
  const check = crossCheckPack(settings, w, slots, latest.soc);
  const socIntegratedPct = check.socPct;
  if (socIntegratedPct !== null)
    inputs.push({
      label: "Cross-check",
      value: `${round(socIntegratedPct, 1)} %`,
      source: "today's first state of charge less the integrated pack current",
    });
  const targetInput: StrategyInput = {
    label: "Target at the end of the day",
    value: `${settings.targetSocPct} %`,
    source: "from settings",
  };
  inputs.push(targetInput);
  inputs.push({
    label: "Battery protection",
    value:
      settings.stopSocPct > 0 || settings.resumeSocPct > 0
        ? `the car stops at ${settings.stopSocPct} %, drives again at ${settings.resumeSocPct} %`
        : "none: the car drives until the pack is empty",
    source: "from settings (the car's BMS)",
  });

  const planned = planHorizon(now, settings, ctx.raceInfo, shown);
  if (!planned.ok) return fail(planned.reason, simulated, inputs);
  const horizon = planned.horizon;
  inputs.push({
    label: "End of the race day",
    value: `${formatZonedTime(horizon.endAt, shown)} (${duration(horizon.endAt - now)} left, ${duration(horizon.drivingLeftS)} driving)`,
    source: horizon.endSource,
  });
  if (horizon.stops.length > 0)
    inputs.push({
      label: "Planned stops",
      value: horizon.stops
        .map((s) => `${s.label} ${formatZonedTime(s.from, shown)} (${duration(s.to - s.from)})`)
        .join(", "),
      source: "from the schedule in settings (the standing car charges)",
    });

  // ── Sun ── (fitted before the consumption: at night the sun is what is
  // missing, however long the car has driven; its inputs are listed after)
  const solarSamples: SolarSample[] = [];
  for (const slot of slots) {
    const covered = w.coveredS[slot]!;
    if (covered < MIN_COVERED_S) continue;
    const lat = Number.isFinite(w.lat[slot]!) ? w.lat[slot]! : latest.lat;
    const long = Number.isFinite(w.long[slot]!) ? w.long[slot]! : latest.long;
    solarSamples.push({
      time: w.minute[slot]! * 60 + 30,
      powerW: (w.arrayWh[slot]! * 3600) / covered,
      lat,
      long,
    });
  }
  const solarAnswer = fitSolar(solarSamples, now, latest.lat, latest.long, settings.weatherFactor, {
    ratingW: settings.arrayRatingW ?? null,
    dayStart: localTimeOnDayOf(now, 0, settings.timeZone),
  });
  if (!solarAnswer.ok) return fail(solarAnswer.reason, simulated, inputs);
  const sky = blendSky(
    solarAnswer.fit,
    solarSamples,
    knownBy(ctx.skyForecasts?.() ?? [], now),
    now,
    horizon.endAt,
    latest,
    { time: (t) => formatZonedTime(t, shown), duration },
  );
  const solar: SolarFit = sky.fit;

  // ── Consumption ──
  const car = carPower(w, slots, solar.clearNoonW);
  // A car that has not driven today is forecast standing until it moves.
  const notDrivenYet = !car.drivenToday && car.fit === null;
  const fit: PowerFit | null = notDrivenYet ? standingOnly(car.standingW) : car.fit;
  if (!fit)
    return fail(
      `Cannot forecast: not enough driving yet to fit the car's power (${car.speeds.length} of ${MIN_FIT_WINDOWS} minutes)`,
      simulated,
      inputs,
    );
  inputs.push(...car.inputs);
  const auxW = car.standingW;
  const arrayNowW = Number.isFinite(latest.arrayW) ? latest.arrayW : 0;
  inputs.push(...solarInputs(solar, arrayNowW), ...sky.inputs);

  // ── Scenarios ──
  // The current pace: the last 2 hours' mean speed while moving, and the fitted
  // power averaged over its minutes' speeds (a pace alternating 55 and
  // 70 km/h costs more than a steady 62: the air's v³).
  let dist = 0;
  let moving = 0;
  let paceWh = 0;
  let paceS = 0;
  for (let i = slots.length - 1; i >= 0; i--) {
    const slot = slots[i]!;
    if (w.minute[slot]! * 60 < now - CURRENT_SPEED_S && moving >= 10 * 60) break;
    dist += w.distanceM[slot]!;
    moving += w.movingS[slot]!;
    const covered = w.coveredS[slot]!;
    if (covered >= MIN_COVERED_S && w.movingS[slot]! >= DRIVING_SHARE * covered) {
      paceWh += powerAt(fit, w.distanceM[slot]! / covered) * covered;
      paceS += covered;
    }
  }
  const currentMps = moving > 0 ? dist / moving : 0;
  inputs.push({
    label: "Current average speed",
    value: `${round(kmh(currentMps))} km/h`,
    source: "distance over time moving, last 2 h",
    speedKmh: kmh(currentMps),
  });
  const timeline = buildTimeline(horizon, solar);
  const scenarioInputs: ScenarioInputs = {
    socNowPct: latest.soc,
    whPerPct: energy.whPerPct,
    voltageDropPerPct,
    fit,
    standstillW: auxW,
    stopPct: settings.stopSocPct,
    resumePct: settings.resumeSocPct,
    // Standing below where the protection lets it drive again: waiting for it
    // (a car standing there for another reason is taken to wait too: the safe side).
    protectedNow: latest.soc < settings.resumeSocPct && latest.speed < MOVING_MPS,
  };
  const maxKmh = Math.min(130, Math.max(60, kmh(car.topSpeedMps) * 1.1));
  // The race's plan sets today's target when today is a race day (issue 62).
  // Before the car drives in the morning, it plans with the power fitted on
  // its last drive (a day before, in the same history).
  if (car.fit) state.lastDrive = { fit: car.fit, maxKmh };
  const planCar = car.fit ? { fit: car.fit, maxKmh } : notDrivenYet ? state.lastDrive : null;
  const plan = !planCar
    ? null
    : planTheRace(state, {
        now,
        settings,
        serverDates: ctx.raceInfo?.dates ?? [],
        horizon,
        pack: { ...scenarioInputs, fit: planCar.fit },
        sun: {
          today: (t) => solar.expectedAt(t),
          forecast: sky.laterDayAt,
          typical: (t) => solar.scale * TYPICAL_SKY * solar.clearSkyAt(t),
        },
        forecasts: ctx.skyForecasts?.().length ?? 0,
        bounds: { minKmh: MIN_SPEED_KMH, maxKmh: planCar.maxKmh },
        textZone: shown,
      });
  // A plan that runs down even at its slowest still says what today must
  // keep for the days after: falling back to the settings' target there
  // spent the event's charge on its first afternoon (bench:strategy, a heavy car).
  const targetSocPct = plan ? plan.days[0]!.targetSocPct : settings.targetSocPct;
  if (plan) {
    targetInput.value = `${round(targetSocPct, 1)} %`;
    targetInput.source = "from the race plan (settings' target is for days outside a race)";
  }
  if (plan)
    inputs.push({
      label: "Race plan",
      value: `${plan.days.length} day${plan.days.length === 1 ? "" : "s"} left, to ${plan.floorPct} % at the end`,
      source:
        `${plan.daysFrom}; made at ${formatZonedTime(plan.at, shown)}, again every 15 min` +
        (car.fit ? "" : "; with the car's power as fitted on its last drive (not driven today)"),
    });
  // Not driven yet: standing at "0 km/h" until it moves, and no speed known to recommend.
  const current = runScenario(
    timeline,
    scenarioInputs,
    notDrivenYet ? 0 : currentMps,
    paceS > 0 ? paceWh / paceS : undefined,
  );
  const slider =
    !notDrivenYet && sliderKmh !== null && Number.isFinite(sliderKmh) && sliderKmh >= 0
      ? runScenario(timeline, scenarioInputs, sliderKmh / 3.6)
      : null;
  const recommended: Recommendation = notDrivenYet
    ? {
        ok: false,
        why: "not driven",
        speedKmh: 0,
        endSocPct: current.endSocPct,
        emptyAt: current.emptyAt,
      }
    : recommendSpeed(timeline, scenarioInputs, targetSocPct, {
        minKmh: MIN_SPEED_KMH,
        maxKmh,
      });

  // ── Plots' data ──
  const history: TimeSeriesData = { time: [], values: [] };
  const measured: TimeSeriesData = { time: [], values: [] };
  for (const slot of slots) {
    if (Number.isFinite(w.socLast[slot]!)) {
      history.time.push(w.minute[slot]! * 60 + 60);
      history.values.push(w.socLast[slot]!);
    }
  }
  history.time.push(now);
  history.values.push(latest.soc);
  for (const s of solarSamples) {
    measured.time.push(s.time);
    measured.values.push(s.powerW);
  }
  const expected: TimeSeriesData = { time: [], values: [] };
  const from = solarSamples[0]?.time ?? now;
  for (let t = from; t <= horizon.endAt; t += 300) {
    expected.time.push(t);
    expected.values.push(solar.expectedAt(t));
  }
  const curve = { speedKmh: [] as number[], powerW: [] as number[] };
  for (let v = 0; v <= maxKmh && !notDrivenYet; v += 2) {
    curve.speedKmh.push(v);
    curve.powerW.push(powerAt(fit, v / 3.6));
  }
  return {
    ok: true,
    forecast: {
      at: now,
      timeZone: settings.timeZone,
      simulated,
      socNowPct: latest.soc,
      socIntegratedPct,
      capacityWarning: check.warning,
      capacityWh: energy.capacityWh,
      endAt: horizon.endAt,
      drivingLeftS: horizon.drivingLeftS,
      targetSocPct,
      stopSocPct: settings.stopSocPct,
      resumeSocPct: settings.resumeSocPct,
      history,
      notDrivenYet,
      uncertain: solar.changed ? uncertainText(solar.changed) : null,
      power: {
        a: fit.a,
        b: fit.b,
        c: fit.c,
        kind: fit.kind,
        form: fit.form,
        formWhy: fit.formWhy,
        speedRangeKmh: notDrivenYet
          ? [0, 0]
          : [kmh(Math.min(...car.speeds)), kmh(Math.max(...car.speeds))],
        r2: fit.r2,
        rmsW: fit.rmsW,
        windows: fit.windows,
        auxW,
        points: { speedKmh: car.speeds.map(kmh), powerW: car.powers },
        curve,
      },
      solar: {
        nowW: arrayNowW,
        clearSkyFactor: solar.clearSkyFactor,
        skyAheadFactor: solar.skyAheadFactor,
        weatherFactor: solar.weatherFactor,
        measured,
        expected,
        forecastW: sky.forecastW,
        sources: sky.sources,
      },
      current,
      slider,
      recommended,
      plan,
      inputs,
    },
  };
}
