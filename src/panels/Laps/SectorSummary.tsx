// Above the lap table: the best counting lap and, with sector lines set, the
// theoretical best (the sum of the best sectors) beside it, and any sector
// line the worker left out (far from the track) with the reason.
import { Callout, Tag } from "@blueprintjs/core";
import type { LapTable } from "../../../workers/contract/lapAnalysis";
import { formatLapTime } from "../../ui/format/lapFormat";

export function SectorSummary({ table }: { table: LapTable | null }) {
  if (!table || table.rows.length === 0) return null;
  const best = table.bestLap !== null ? table.rows[table.bestLap] : undefined;
  const flagged = table.rows.filter((r) => r.span.flags.length > 0).length;
  return (
    <div className="helios-sector-summary" data-testid="lap-summary">
      <Tag minimal large intent="success" data-testid="lap-best">
        Best lap: {best ? `${formatLapTime(best.span.lapTimeS)} (lap ${best.span.number})` : "—"}
      </Tag>
      {table.sectors.length > 0 && (
        <Tag
          minimal
          large
          intent="primary"
          data-testid="lap-theoretical-best"
          title="The sum of the best time of each sector among the laps that count"
        >
          Theoretical best:{" "}
          {table.theoreticalBestS !== null ? formatLapTime(table.theoreticalBestS) : "—"}
        </Tag>
      )}
      {flagged > 0 && (
        <span className="helios-sector-note">
          {flagged} {flagged === 1 ? "lap is" : "laps are"} flagged (out-lap, in-lap or partial) and
          left out of best.
        </span>
      )}
      {table.sectors.length === 0 && (
        <span className="helios-sector-note">
          Set sector lines on the map (Sectors) for a column per sector.
        </span>
      )}
      {table.sectorProblems.map((problem) => (
        <Callout key={problem} compact intent="warning" data-testid="sector-problem">
          {problem}
        </Callout>
      ))}
    </div>
  );
}
