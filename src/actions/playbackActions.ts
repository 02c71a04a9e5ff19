// What the Sessions tab, the transport bar, the settings switch and the
// shortcuts ask the worker to do during playback. The worker owns the clock;
// these only send commands (its state comes back in snapshots).
import type { PlaybackState, ReplayRequest } from "../../workers/contract/sessions";
import { appState } from "../state/appState";
import type { PlaybackDateTime } from "../state/appState";
import type { TelemetryClient } from "../worker-client/TelemetryClient";

export const SPEEDS = [0.5, 1, 2, 5, 10, 20, 50, 100] as const;

export function startReplay(client: TelemetryClient, request: ReplayRequest): void {
  appState.playbackSwitch = true;
  void client.api.startReplay(request);
}

export function stopPlayback(client: TelemetryClient): void {
  appState.playbackSwitch = false;
  void client.api.setPlayback(false);
}

/** The spec's playbackDateTime (local date and times) as packet time, epoch seconds. */
export function rangeOf(value: PlaybackDateTime): { from: number; to: number } | null {
  const from = new Date(`${value.date}T${value.startTime}`).getTime() / 1000;
  const end = new Date(`${value.date}T${value.endTime}`);
  if (!Number.isFinite(from) || !Number.isFinite(end.getTime())) return null;
  // The inputs hold one date: an end time before the start is the next
  // day's (a session over midnight). Equal times are no range at all.
  if (endsNextDay(value)) end.setDate(end.getDate() + 1);
  const to = end.getTime() / 1000;
  return to > from ? { from, to } : null;
}

/** Whether the range's end time is before its start, so on the next day. */
export function endsNextDay(value: PlaybackDateTime): boolean {
  return normalTime(value.endTime) < normalTime(value.startTime);
}

/** "07:20" and "07:20:00" compare alike. */
const normalTime = (time: string): string => (time.length === 5 ? `${time}:00` : time);

/**
 * The backend's span as the range inputs hold it (local date and times), to
 * the second: rounded to whole minutes, the replay began up to 59 s before
 * the first packet and played nothing for that long. The inputs hold one
 * date, so the end is at most a day after the start.
 */
export function spanRange(first: number, last: number): PlaybackDateTime {
  const start = new Date(first * 1000);
  const end = new Date(Math.min(last, first + 24 * 3600 - 1) * 1000);
  const pad = (n: number) => n.toString().padStart(2, "0");
  const time = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  // The end's second is whole: a packet at 12:00:07.4 lies after 12:00:07.
  end.setSeconds(end.getSeconds() + (end.getMilliseconds() > 0 ? 1 : 0), 0);
  return {
    date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
    startTime: time(start),
    endTime: time(end),
  };
}

export function nextSpeed(speed: number, direction: 1 | -1): number {
  const index = SPEEDS.findIndex((s) => s >= speed);
  const at = index === -1 ? SPEEDS.length - 1 : index;
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, at + direction))]!;
}

/** Shortcut helpers: do nothing unless a replay is loaded. */
export function togglePlay(client: TelemetryClient, playback: PlaybackState | undefined): void {
  if (playback?.on && playback.clock !== null) void client.api.setPlaying(!playback.playing);
}

export function jump(
  client: TelemetryClient,
  playback: PlaybackState | undefined,
  to: "start" | "end",
) {
  const target = to === "start" ? playback?.start : playback?.end;
  if (playback?.on && target !== null && target !== undefined) void client.api.seek(target);
}
