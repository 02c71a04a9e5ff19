// Settings → Sessions: recording on/off and the storage the recordings use.
import { Callout, FormGroup, Intent, Switch } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import type { StorageInfo } from "../../../workers/contract/sessions";
import { formatBytes } from "../../ui/format/sessionFormat";
import { recordingSetting } from "../../actions/linkSettings";
import { setShared } from "../../actions/sharedSetting";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";

export function SessionsSettings() {
  const { client } = useTelemetry();
  const recording = useLiveStatusPart("recording");
  const [storage, setStorage] = useState<StorageInfo | null>(null);
  useEffect(() => {
    let live = true;
    void client.api.storageInfo().then((info) => {
      if (live) setStorage(info);
    });
    return () => {
      live = false;
    };
  }, [client]);
  // The worker never gives less than 0; usage at or past the quota means full.
  const full = storage?.availableBytes === 0;
  return (
    <FormGroup
      label="Sessions"
      helperText="Every live packet is recorded in this browser; the oldest sessions are deleted first when the budget is reached."
    >
      <Switch
        label="Record live data"
        checked={recording?.enabled ?? true}
        data-testid="recording-switch"
        onChange={(event) => {
          // Saved with the settings, so a reload keeps recording off (or on).
          void setShared(client, recordingSetting, event.currentTarget.checked);
        }}
      />
      {recording && !recording.available && (
        <Callout intent={Intent.WARNING} data-testid="settings-recording-problem">
          {recording.problem ??
            "Storage is not available in this browser (private mode or full): nothing is recorded."}
        </Callout>
      )}
      <p data-testid="storage-figures">
        Sessions {formatBytes(storage?.sessionBytes)} · used {formatBytes(storage?.usedBytes)} ·
        available {formatBytes(storage?.availableBytes)}
        {full ? " (the browser counts its storage as full)" : ""} · budget{" "}
        {formatBytes(storage?.budgetBytes)}
      </p>
    </FormGroup>
  );
}
