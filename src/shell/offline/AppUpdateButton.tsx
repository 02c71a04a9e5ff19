// "Update ready" in the status bar: a new version of the app is downloaded.
// Taking it saves the recording first, then reloads every window of the app
// into the new version (appUpdate.ts), so the user chooses when.
import { Button, Tooltip } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { useTelemetry } from "../../worker-client/hooks";
import { appUpdate, updateApp } from "./appUpdate";

export function AppUpdateButton() {
  const update = useSnapshot(appUpdate);
  const { client } = useTelemetry();
  if (!update.ready) return null;
  const tip =
    update.problem ??
    "A new version of Helios is ready. Updating saves the recording, then reloads every window of the app.";
  return (
    <Tooltip content={tip}>
      <Button
        size="small"
        intent={update.problem ? "danger" : "primary"}
        icon="refresh"
        loading={update.updating}
        data-testid="status-app-update"
        text="Update ready"
        onClick={() => void updateApp(() => client.api.saveRecording())}
      />
    </Tooltip>
  );
}
