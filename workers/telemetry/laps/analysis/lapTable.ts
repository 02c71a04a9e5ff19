// The lap table of a history: its laps (lapSpans.ts) with energy from the
// running totals at each lap's edges (lapEnergy.ts), the backend's own
// figures beside them where its lap record has any, sector times and
// energy from the sector lines (sectors.ts), the best counting lap, the best
// of each sector and the theoretical best. Reads each lap's rows once (its
// GPS track, for the sector crossings) and nothing outside the laps.
import type { Lap } from "../../../contract/laps";
import type {
  BackendLapFigures,
  LapRow,
  LapSpan,
  LapTable,
  SectorLine,
} from "../../../contract/lapAnalysis";
import { energyBetween } from "./lapEnergy";
import { cutLaps, type LapCutInput } from "./lapSpans";
import { lapTrack, planSectors, sectorStretches, sectorTimes } from "./sectors";

interface LapTableInput extends LapCutInput {
  sectorLines: readonly SectorLine[];
}

const J_PER_WH = 3600;

/** The backend's figures of the lap event that ended this lap; null when it has none. */
function backendFigures(span: LapSpan, byEnd: ReadonlyMap<number, Lap>): BackendLapFigures | null {
  if (span.boundary !== "event") return null;
  const lap = byEnd.get(Math.round(span.end * 1000));
  if (!lap) return null;
  const figures: BackendLapFigures = {
    ampHours: lap.ampHours,
    averagePackCurrent: lap.averagePackCurrent,
    energyWh: lap.energyConsumed / J_PER_WH,
    distanceKm: lap.distance,
  };
  if (!Object.values(figures).every(Number.isFinite)) return null;
  // No charge, current or energy: a source that only times laps.
  if (lap.ampHours === 0 && lap.averagePackCurrent === 0 && lap.energyConsumed === 0) return null;
  return figures;
}

/** Index of the smallest value among the rows that count; null when none has one. */
function bestOf(rows: readonly LapRow[], value: (row: LapRow) => number | null): number | null {
  let best: number | null = null;
  let bestValue = Infinity;
  rows.forEach((row, i) => {
    if (row.span.flags.length > 0) return;
    const v = value(row);
    if (v !== null && v < bestValue) {
      bestValue = v;
      best = i;
    }
  });
  return best;
}

export function buildLapTable(input: LapTableInput): LapTable {
  const { ring } = input;
  const spans = cutLaps(input);
  const lines = input.sectorLines;
  const tracks = lines.length > 0 ? spans.map((span) => lapTrack(ring, span)) : [];
  const plan = planSectors(ring, spans, tracks, lines);
  const byEnd = new Map(input.laps.map((lap) => [Math.round(lap.endMs), lap]));
  const rows: LapRow[] = spans.map((span, i) => {
    const crossings = plan.crossings[i] ?? [];
    const edges = [span.start, ...crossings, span.end];
    return {
      span,
      energy: energyBetween(ring, span.start, span.end),
      backend: backendFigures(span, byEnd),
      sectorS: plan.lines.length > 0 ? sectorTimes(span, crossings) : [],
      sectorEnergy:
        plan.lines.length > 0
          ? edges.slice(1).map((b, k) => {
              const a = edges[k];
              return a != null && b != null && b > a ? energyBetween(ring, a, b) : null;
            })
          : [],
    };
  });
  const sectorCount = plan.lines.length > 0 ? plan.lines.length + 1 : 0;
  const bestSector = Array.from({ length: sectorCount }, (_, k) =>
    bestOf(rows, (row) => row.sectorS[k] ?? null),
  );
  const theoreticalBestS =
    sectorCount > 0 && bestSector.every((b) => b !== null)
      ? bestSector.reduce<number>((sum, b, k) => sum + rows[b!]!.sectorS[k]!, 0)
      : null;
  // The map's stretches: from the best lap, else any lap that crossed every line.
  const complete = (i: number) => plan.crossings[i]?.every((c) => c !== null) ?? false;
  const bestLap = bestOf(rows, (row) => row.span.lapTimeS);
  const drawn =
    bestLap !== null && complete(bestLap) ? bestLap : rows.findIndex((_, i) => complete(i));
  const drawnTrack = drawn >= 0 ? tracks[drawn] : null;
  return {
    rows,
    sectorTrack:
      sectorCount > 0 && drawnTrack
        ? sectorStretches(drawnTrack, spans[drawn]!, plan.crossings[drawn]!)
        : [],
    sectors: plan.lines,
    sectorProblems: plan.problems,
    bestLap,
    bestSector,
    theoreticalBestS,
    simulated: input.simulated,
  };
}
