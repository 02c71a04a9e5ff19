// Latencies shown in the status bar: the ping's round trip (userLatency) and
// the backend's carLatency. Anything outside 0..60,000 ms is not a latency a
// person could act on (a link that slow is down, and the backend's clock or
// code is wrong if it reports −5 ms or 1e308 ms), so such a value is not shown
// but counted as a rejected event with its reason (Diagnostics).
export const MAX_PLAUSIBLE_LATENCY_MS = 60_000;

export type LatencyKind = "userLatency" | "carLatency";

type LatencyCheck = { ok: true; ms: number } | { ok: false; reason: string };

const MAX_SHOWN = 40;

function show(raw: unknown): string {
  if (typeof raw === "number") return String(raw);
  if (typeof raw === "string") return JSON.stringify(raw.slice(0, MAX_SHOWN));
  return raw === null ? "null" : typeof raw;
}

export function checkLatency(kind: LatencyKind, raw: unknown): LatencyCheck {
  if (typeof raw !== "number" || !Number.isFinite(raw))
    return { ok: false, reason: `${kind}: expected a number of ms, received ${show(raw)}` };
  if (raw < 0 || raw > MAX_PLAUSIBLE_LATENCY_MS)
    return {
      ok: false,
      reason: `${kind}: ${show(raw)} ms is outside the plausible 0..${MAX_PLAUSIBLE_LATENCY_MS} ms`,
    };
  return { ok: true, ms: raw };
}
