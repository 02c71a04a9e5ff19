// Text for the status bar and diagnostics; pure so it is unit tested.
import type { ConnectionState, DemoDayProgress } from "../../../workers/contract/connection";
import { formatCount, NO_VALUE } from "./formatNumber";
import { formatTimeNamed } from "./dateTime";

export function formatLatency(ms: number | null): string {
  return ms === null || !Number.isFinite(ms) ? NO_VALUE : `${Math.round(ms)} ms`;
}

type TransportFacts = Pick<ConnectionState, "socketConnected" | "transport"> &
  Partial<Pick<ConnectionState, "upgradeFallback">>;

/** The backend link's transport, and when it is long-polling why. */
export function formatTransport(
  connection: TransportFacts | undefined,
  upgradeAllowed: boolean,
): string {
  if (!connection?.socketConnected || connection.transport === null) return "not connected";
  if (connection.transport === "websocket") return "WebSocket";
  if (!upgradeAllowed) return "HTTP long-polling (WebSocket upgrade off in Settings)";
  return connection.upgradeFallback
    ? "HTTP long-polling (fallback: the backend's WebSocket upgrade failed)"
    : "HTTP long-polling (the backend has not upgraded)";
}

/**
 * When the backend's WebSocket upgrade failed, and that the link stays on
 * long-polling for it; null when the upgrade is off or has not failed.
 */
export function formatUpgradeFallback(
  connection: Partial<Pick<ConnectionState, "upgradeFallback">> | undefined,
  upgradeAllowed: boolean,
): string | null {
  const fallback = connection?.upgradeFallback;
  if (!upgradeAllowed || !fallback) return null;
  return (
    `Failed at ${formatTimeNamed(fallback.at / 1000)} (${fallback.reason}). ` +
    "This backend stays on long-polling until the app restarts or the WebSocket switch in " +
    "Settings is turned off and on again."
  );
}

export function formatRate(packetsPerSecond: number | undefined): string {
  return `${(packetsPerSecond ?? 0).toFixed(1)} pkt/s`;
}

/** Packet TimeStamp is epoch SECONDS (protocol), shown 24-hour in the zone times are shown in, named. */
export function formatPacketTime(epochSeconds: number | null | undefined): string {
  return formatTimeNamed(epochSeconds);
}

function historyFillPercent(length: number, capacity: number): number {
  return capacity > 0 ? Math.min(100, (length / capacity) * 100) : 0;
}

export function formatHistoryFill(length: number, capacity: number): string {
  const percent = historyFillPercent(length, capacity);
  return `${formatCount(length)} / ${formatCount(capacity)} (${percent.toFixed(percent < 10 ? 1 : 0)}%)`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const CAR_LINK_TEXTS = {
  unknown: "Car link unknown",
  connected: "Car connected",
  disconnected: "Car disconnected",
} as const;

/** "4 s ago", "3 min ago", "2 h ago"; a clock skew (negative age) reads as "just now". */
export function formatAge(ms: number): string {
  if (!Number.isFinite(ms) || ms < 1000) return "just now";
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/**
 * For a user on a live source (NETWORK, RADIO) whose data is not flowing:
 * what the app waits for and how old the last real packet is. Null in DEMO
 * or while live packets arrive.
 */
export function waitingText(
  connectionType: "DEMO" | "NETWORK" | "RADIO",
  liveDataFlowing: boolean,
  lastLivePacketAt: number | null,
  now: number,
): string | null {
  if (connectionType === "DEMO" || liveDataFlowing) return null;
  const what = connectionType === "NETWORK" ? "Waiting for the backend" : "Waiting for the radio";
  const last =
    lastLivePacketAt === null
      ? "no real packet yet"
      : `last real packet ${formatAge(now - lastLivePacketAt)}`;
  return `${what} · ${last}`;
}

/** Characters wider than a digit in the UI's sans fonts (an em dash, m, w, %: up to ~1.8 digits). */
const WIDE = /[mwMW%—]/;
const CAPITAL = /[A-Z]/;

/**
 * Width in `ch` (a digit's width) of a box that holds `text` whole: digits
 * and most letters fit in 1ch, capitals in 1.5, the widest characters in 2.
 * The status bar's figures are boxes of their own size (contain: size), so
 * text wider than its box would be drawn over its neighbour.
 */
export function figureWidthCh(text: string): number {
  let width = 0;
  for (const char of text) width += WIDE.test(char) ? 2 : CAPITAL.test(char) ? 1.5 : 1;
  return width;
}

/** The DEMO source building its day (?demoDay=9): "Building a demo day (9 h): 45 %". */
export function demoDayText(progress: DemoDayProgress): string {
  const percent = Math.floor(Math.min(1, Math.max(0, progress.fraction)) * 100);
  return `Building a demo day (${progress.hours} h): ${percent} %`;
}
