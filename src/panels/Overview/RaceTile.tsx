// Lap and time left today, from the backend's raceInfo (NETWORK only; the
// Laps tab's race card shows the rest).
import { Card } from "@blueprintjs/core";
import { useLiveStatusPart } from "../../worker-client/hooks";
import { formatDuration } from "../../ui/format/raceFormat";

export function RaceTile() {
  const race = useLiveStatusPart("backend")?.raceInfo ?? null;
  return (
    <Card className="helios-tile helios-race-tile" data-testid="overview-race">
      <div className="helios-tile-name">Lap · time left today</div>
      <div className="helios-tile-value">
        <span className="live-value" data-testid="overview-race-lap">
          {race ? `Lap ${race.lapNumber}` : "—"}
        </span>
        <span className="helios-tile-unit" data-testid="overview-race-left">
          {race ? formatDuration(race.timeLeftMs) : "no race info"}
        </span>
      </div>
    </Card>
  );
}
