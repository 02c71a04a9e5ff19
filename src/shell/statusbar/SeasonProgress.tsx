// A season's export running in this window: how far, and Cancel.
import { Button, ProgressBar } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { cancelSeason, seasonExport } from "../../state/seasonExport";
import { seasonProgressText } from "../../ui/format/seasonFormat";

export function SeasonProgress() {
  const { running, done, total } = useSnapshot(seasonExport);
  if (!running) return null;
  const text = seasonProgressText(done, total);
  return (
    <span className="helios-status-item helios-status-season" data-testid="status-season">
      <ProgressBar value={total > 0 ? Math.min(1, done / total) : undefined} animate={false} />
      <span>{text}</span>
      <Button size="small" variant="minimal" text="Cancel" onClick={cancelSeason} />
    </span>
  );
}
