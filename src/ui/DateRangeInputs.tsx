// The playback date range (a date, a start and an end time), as the Sessions
// panel and the settings both edit it: one shared range in appState.
import type { ReactNode } from "react";
import { ControlGroup, InputGroup } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { appState } from "../state/appState";

type RangePart = "date" | "startTime" | "endTime";

/** An empty value (a cleared input) keeps the last one: the range stays whole. */
function setPart(part: RangePart, value: string): void {
  if (value) appState.playbackDateTime = { ...appState.playbackDateTime, [part]: value };
}

/** The three inputs, named "<name> date", "<name> start time" and "<name> end time"; then `children`. */
export function DateRangeInputs({ name, children }: { name: string; children?: ReactNode }) {
  const { playbackDateTime } = useSnapshot(appState);
  const input = (part: RangePart, type: "date" | "time", label: string) => (
    <InputGroup
      aria-label={`${name} ${label}`}
      type={type}
      // Seconds, so a range can start where a backend's packets start.
      step={type === "time" ? 1 : undefined}
      value={playbackDateTime[part]}
      onValueChange={(value) => setPart(part, value)}
    />
  );
  return (
    <ControlGroup>
      {input("date", "date", "date")}
      {input("startTime", "time", "start time")}
      {input("endTime", "time", "end time")}
      {children}
    </ControlGroup>
  );
}
