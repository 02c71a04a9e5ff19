// Settings → History (issue 33): what the live history holds and its memory,
// read-only. The worker measures; historyFormat words it.
import { Callout, FormGroup, Intent } from "@blueprintjs/core";
import { historyTexts } from "../../ui/format/historyFormat";
import { useLiveStatusPart } from "../../worker-client/hooks";

export function HistorySettings() {
  const counters = useLiveStatusPart("counters");
  const recording = useLiveStatusPart("recording");
  if (!counters) return <p data-testid="history-holds">The history is starting…</p>;
  const texts = historyTexts(counters.liveHistory, recording?.enabled ?? true);
  return (
    <FormGroup
      label="Live history"
      helperText="Plots, the map, laps and exports reach every packet the live history holds."
    >
      <p data-testid="history-holds">{texts.holds}</p>
      <p data-testid="history-now">{texts.now}</p>
      {texts.rateWarning && (
        <Callout intent={Intent.WARNING} data-testid="history-rate-warning">
          {texts.rateWarning}
        </Callout>
      )}
    </FormGroup>
  );
}
