// The backend's raceInfo above the lap table (NETWORK only). Distances are the
// server's integral of VehicleVelocity over hours (the wire's m/s → ×3.6 km),
// shown in the current units.
import { Card } from "@blueprintjs/core";
import { PanelHeading } from "../../ui/headings";
import type { RaceInfo } from "../../../workers/contract/laps";
import { LabelValueTable, type LabelValueRow } from "../../ui/LabelValueTable";
import { formatDuration, raceDayText } from "../../ui/format/raceFormat";
import { useRaceDistance } from "../../ui/useRaceDistance";

export function RaceInfoCard({ info }: { info: RaceInfo }) {
  const distance = useRaceDistance();
  const rows: LabelValueRow[] = [
    ["Lap", String(info.lapNumber), "race-lap"],
    ["Race day", raceDayText(info.raceDay, info.raceDays), "race-day"],
    ["Distance today", distance(info.distanceToday), "race-distance"],
    ["Distance in total", distance(info.totalDistance), "race-total"],
    ["Time left today", formatDuration(info.timeLeftMs), "race-time-left"],
  ];
  return (
    <Card className="helios-overview-card" data-testid="race-info">
      <PanelHeading className="helios-card-heading">Race (from the backend)</PanelHeading>
      <LabelValueTable rows={rows} />
    </Card>
  );
}
