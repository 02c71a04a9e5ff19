// Sessions → export season: the chosen sessions as one Parquet dataset for
// DuckDB, Polars and Spark (docs/using.md). Progress and Cancel are in the
// status bar (src/shell/statusbar/SeasonProgress.tsx); how it ended, here.
import { Button, Callout, Intent, Radio, RadioGroup } from "@blueprintjs/core";
import { useState } from "react";
import { useSnapshot } from "valtio";
import type { SessionInfo } from "../../../workers/contract/sessions";
import { rangeOf } from "../../actions/playbackActions";
import { runSeasonExport } from "../../actions/runSeasonExport";
import { appState } from "../../state/appState";
import { seasonExport } from "../../state/seasonExport";
import { formatDateTimeNamed } from "../../ui/format/dateTime";
import { formatCount } from "../../ui/format/formatNumber";
import { useShownZone } from "../../ui/useShownZone";
import { useTelemetry } from "../../worker-client/hooks";
import { chooseSessions, type SeasonChoice } from "./seasonChoice";

const canPickFolder = () =>
  typeof (window as { showDirectoryPicker?: unknown }).showDirectoryPicker === "function";

export function SeasonExportForm({
  sessions,
  picked,
}: {
  sessions: readonly SessionInfo[];
  picked: ReadonlySet<string>;
}) {
  const { client } = useTelemetry();
  const [choice, setChoice] = useState<SeasonChoice>("all");
  const { playbackDateTime } = useSnapshot(appState);
  const zone = useShownZone();
  const { running, outcome } = useSnapshot(seasonExport);
  const range = rangeOf(playbackDateTime, zone);
  const count = (c: SeasonChoice) => formatCount(chooseSessions(sessions, c, range, picked).length);
  const chosen = chooseSessions(sessions, choice, range, picked);
  const rangeText = range
    ? `${formatDateTimeNamed(range.from)} to ${formatDateTimeNamed(range.to)}`
    : "not a valid range";
  return (
    <div data-testid="season-export">
      <p>
        The chosen sessions as one Parquet dataset, a folder per table, day and session (telemetry,
        laps, notes), for DuckDB, Polars or Spark; the user guide shows a query of energy per lap.
      </p>
      <RadioGroup
        label="Sessions"
        inline
        selectedValue={choice}
        onChange={(e) => setChoice(e.currentTarget.value as SeasonChoice)}
      >
        <Radio value="all" label={`All (${count("all")})`} />
        <Radio value="range" label={`In the date range below, ${rangeText} (${count("range")})`} />
        <Radio value="picked" label={`Picked in the table (${count("picked")})`} />
      </RadioGroup>
      <Button
        icon="export"
        text={canPickFolder() ? "Export season to a folder…" : "Export season as a zip"}
        data-testid="season-export-start"
        disabled={running || chosen.length === 0}
        onClick={() => void runSeasonExport(client.api, chosen, zone)}
      />
      {outcome && (
        <Callout
          intent={outcome.ok ? Intent.SUCCESS : Intent.WARNING}
          data-testid="season-export-outcome"
        >
          {outcome.text}
        </Callout>
      )}
    </div>
  );
}
