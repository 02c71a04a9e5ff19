// The playback date range (a date, a start and an end time), as the Sessions
// panel and the settings both edit it: one shared range in appState.
//
// The times are typed HH:MM:SS, 24-hour, as the app writes every time: a
// native time input shows "11:59:00 PM" in an en-US browser, beside
// "23:59:00 CST" everywhere else. What is typed is held here until it reads
// as a time; the range in appState only ever holds times that do.
import { useEffect, type ReactNode } from "react";
import { ControlGroup, InputGroup, Intent } from "@blueprintjs/core";
import { proxy, useSnapshot } from "valtio";
import { clockTimeOf } from "../actions/playbackActions";
import { appState } from "../state/appState";
import "./dateRangeInputs.css";

type TimePart = "startTime" | "endTime";

/** A time being typed, as typed; null: the input shows the range's own. */
const typed = proxy<Record<TimePart, string | null>>({ startTime: null, endTime: null });

/** What the range's forms say while a typed time does not read as one; null when none. */
export function useMistypedTime(): string | null {
  const now = useSnapshot(typed);
  const bad = (["startTime", "endTime"] as const).find(
    (part) => now[part] !== null && clockTimeOf(now[part]) === null,
  );
  if (!bad) return null;
  const which = bad === "startTime" ? "start" : "end";
  return `The ${which} time "${now[bad]}" is not a time: type it as HH:MM:SS, 24-hour (14:05:00).`;
}

function typeTime(part: TimePart, value: string): void {
  typed[part] = value;
  const time = clockTimeOf(value);
  if (time) appState.playbackDateTime = { ...appState.playbackDateTime, [part]: time };
}

/**
 * A range time set from elsewhere (a backend's span, the other form) while
 * one was typed: the input shows the range's. Typing changes the range only
 * to the typed time itself, which keeps it.
 */
function useTypedGivesWay(part: TimePart, inRange: string): void {
  useEffect(() => {
    const text = typed[part];
    if (text !== null && clockTimeOf(text) !== inRange) typed[part] = null;
  }, [part, inRange]);
}

/** The three inputs, named "<name> date", "<name> start time" and "<name> end time"; then `children`. */
export function DateRangeInputs({ name, children }: { name: string; children?: ReactNode }) {
  const { playbackDateTime } = useSnapshot(appState);
  const now = useSnapshot(typed);
  useTypedGivesWay("startTime", playbackDateTime.startTime);
  useTypedGivesWay("endTime", playbackDateTime.endTime);
  const time = (part: TimePart, label: string) => {
    const text = now[part];
    return (
      <InputGroup
        aria-label={`${name} ${label}`}
        placeholder="HH:MM:SS"
        inputMode="numeric"
        maxLength={8}
        className="helios-range-time"
        value={text ?? clockTimeOf(playbackDateTime[part]) ?? playbackDateTime[part]}
        intent={text !== null && clockTimeOf(text) === null ? Intent.DANGER : Intent.NONE}
        aria-invalid={text !== null && clockTimeOf(text) === null}
        onValueChange={(value) => typeTime(part, value)}
        // Done typing a time that reads as one: show it as the range holds it.
        onBlur={() => {
          if (text !== null && clockTimeOf(text) !== null) typed[part] = null;
        }}
      />
    );
  };
  return (
    <ControlGroup className="helios-range-inputs">
      <InputGroup
        aria-label={`${name} date`}
        type="date"
        value={playbackDateTime.date}
        // A cleared date keeps the last one: the range stays whole.
        onValueChange={(value) => {
          if (value) appState.playbackDateTime = { ...appState.playbackDateTime, date: value };
        }}
      />
      {time("startTime", "start time")}
      {time("endTime", "end time")}
      {children}
    </ControlGroup>
  );
}
