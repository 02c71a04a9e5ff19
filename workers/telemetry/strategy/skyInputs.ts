// The sun's lines of the Inputs table, and the words for a sky that changed
// more than the forecast's band allowed (solarFit.ts).
import type { StrategyInput } from "../../contract/strategy";
import { TYPICAL_SKY, type SolarFit } from "./solarFit";

const round = (x: number, digits = 0) => Number(x.toFixed(digits));
const pct = (x: number) => `${Math.round(x * 100)} %`;

export function solarInputs(solar: SolarFit, arrayNowW: number): StrategyInput[] {
  const against =
    solar.scaleFrom === "rating"
      ? "the array's rating (settings)"
      : "the day's clearest minutes (no array rating in settings)";
  return [
    {
      label: "Array power now",
      value: `${round(arrayNowW)} W`,
      source: "MPPT, Σ V × I over the 8 channels",
    },
    {
      label: "Clear-sky factor",
      value: round(solar.clearSkyFactor, 2).toString(),
      source: `the last 30 min of array power against a clear sky at the sun's elevation (suncalc), measured against ${against}; ${solar.minutesUsed} minutes today`,
    },
    {
      label: "Sky ahead",
      value: `${round(solar.clearSkyFactor, 2)} now, towards ${round(solar.skyAheadFactor, 2)}`,
      source:
        solar.scaleFrom === "rating"
          ? `the recent sky fades over about 3 h into the day's expected one: the day's so far (${pct(solar.daySeen)} of its light seen) and a typical summer sky (${TYPICAL_SKY}) for the rest`
          : "the recent sky fades over about 3 h into the day's so far (without an array rating, a dim sky cannot be told from a small array)",
    },
    {
      label: "Array at a clear noon",
      value: `${round(solar.clearNoonW)} W`,
      source:
        solar.scaleFrom === "rating"
          ? "from the array rating in settings"
          : "from today's clearest minutes",
    },
    {
      label: "Weather factor",
      value: round(solar.weatherFactor, 2).toString(),
      source: "from settings",
    },
  ];
}

export function uncertainText(changed: { before: number; now: number }): string {
  return `The sky changed more in the last hour than the forecast's band allowed (the array at ${pct(changed.now)} of a clear sky, against ${pct(changed.before)} an hour before): the figures are uncertain until it settles`;
}
