// The pack's extremes as the BMS reports them: the highest and lowest cell
// voltage and the hottest and coldest thermistor, with their ids. Shared by the
// packet builder (which sends them) and the fault episodes (whose causes read
// them), so a warning and the value a team would check always agree.
import type { PackReadings } from "./packReadings";
import * as car from "./carModel";

export interface CellExtremes {
  high: number;
  highId: number;
  low: number;
  lowId: number;
  hot: number;
  hotId: number;
  cold: number;
  coldId: number;
}

export function cellExtremes(s: PackReadings): CellExtremes {
  const cell = s.packVoltage / car.CELLS_IN_SERIES;
  const e: CellExtremes = {
    high: -Infinity,
    highId: 0,
    low: Infinity,
    lowId: 0,
    hot: -Infinity,
    hotId: 0,
    cold: Infinity,
    coldId: 0,
  };
  for (let i = 0; i < s.cellOffsets.length; i++) {
    const v = cell + s.cellOffsets[i]!;
    if (v > e.high) [e.high, e.highId] = [v, i];
    if (v < e.low) [e.low, e.lowId] = [v, i];
  }
  for (let i = 0; i < s.thermistorOffsets.length; i++) {
    const t = s.packTemp + s.thermistorOffsets[i]!;
    if (t > e.hot) [e.hot, e.hotId] = [t, i];
    if (t < e.cold) [e.cold, e.coldId] = [t, i];
  }
  return e;
}
