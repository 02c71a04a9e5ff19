// Lap and time left today, from the backend's raceInfo (NETWORK only; the
// Laps tab's race card shows the rest). Without it, the laps the lap table
// holds, and the tile is named for what it then shows.
import { Card } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { lapsState } from "../../state/lapsState";
import { useLiveStatusPart } from "../../worker-client/hooks";
import { formatDuration } from "../../ui/format/raceFormat";

/** `children`: controls at the tile's foot (hiding it while the tiles are edited). */
export function RaceTile({ children }: { children?: ReactNode }) {
  const race = useLiveStatusPart("backend")?.raceInfo ?? null;
  const { laps } = useSnapshot(lapsState);
  return (
    <Card className="helios-tile helios-race-tile" data-testid="overview-race">
      <div className="helios-tile-name" data-testid="overview-race-name">
        {race ? "Lap · time left today" : "Laps"}
      </div>
      <div className="helios-tile-value">
        <span className="live-value" data-testid="overview-race-lap">
          {race ? `Lap ${race.lapNumber}` : `${laps.length}`}
        </span>
        <span className="helios-tile-unit" data-testid="overview-race-left">
          {race ? formatDuration(race.timeLeftMs) : laps.length === 1 ? "lap done" : "laps done"}
        </span>
      </div>
      {children}
    </Card>
  );
}
