// What the Sessions tab, the transport bar, the settings switch and the
// shortcuts ask the worker to do during playback. The worker owns the clock;
// these only send commands (its state comes back in snapshots).
import type { PlaybackState, ReplayRequest } from "../../workers/contract/sessions";
import {
  clockOf,
  instantOf,
  isoDay,
  shownTimeZone,
  wallClockAt,
  type ShownZone,
} from "../../workers/shared/dateTime";
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

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "7:05", "07:05" or "07:05:30", 24-hour, as "HH:MM:SS"; null for anything else. */
export function clockTimeOf(text: string): string | null {
  const m = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/.exec(text);
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return null;
  return [h, min, s].map((n) => String(n).padStart(2, "0")).join(":");
}

/** Epoch seconds of a date input's "YYYY-MM-DD" and a time (clockTimeOf's) in `zone`, days later; null when either is not one. */
function instantAt(date: string, time: string, zone: ShownZone, days = 0): number | null {
  const d = DAY.exec(date);
  const clock = clockTimeOf(time);
  if (!d || !clock) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute, second] = clock.split(":").map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const at = instantOf({ year, month, day: day + days, hour, minute, second }, zone);
  return Number.isFinite(at) ? at : null;
}

/**
 * The spec's playbackDateTime as packet time, epoch seconds: its date and
 * times are read in the zone times are shown in (the race's or this
 * computer's, Settings), as the status bar and the plots show them.
 */
export function rangeOf(
  value: PlaybackDateTime,
  zone: ShownZone = shownTimeZone(),
): { from: number; to: number } | null {
  const from = instantAt(value.date, value.startTime, zone);
  // The inputs hold one date: an end time before the start is the next
  // day's (a session over midnight). Equal times are no range at all.
  const to = instantAt(value.date, value.endTime, zone, endsNextDay(value) ? 1 : 0);
  if (from === null || to === null) return null;
  return to > from ? { from, to } : null;
}

/** Whether the range's end time is before its start, so on the next day. */
export function endsNextDay(value: PlaybackDateTime): boolean {
  return normalTime(value.endTime) < normalTime(value.startTime);
}

/** "07:20" and "07:20:00" compare alike. */
const normalTime = (time: string): string => (time.length === 5 ? `${time}:00` : time);

/**
 * The backend's span as the range inputs hold it (date and times in the
 * zone times are shown in), to the second: rounded to whole minutes, the
 * replay began up to 59 s before the first packet and played nothing for
 * that long. The inputs hold one date, so the end is at most a day after
 * the start.
 */
export function spanRange(
  first: number,
  last: number,
  zone: ShownZone = shownTimeZone(),
): PlaybackDateTime {
  // The start's second is whole downwards, the end's upwards: a packet at
  // 12:00:07.4 lies after 12:00:07.
  const start = wallClockAt(Math.floor(first), zone)!;
  const end = wallClockAt(Math.ceil(Math.min(last, first + 24 * 3600 - 1)), zone)!;
  return { date: isoDay(start), startTime: clockOf(start), endTime: clockOf(end) };
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
