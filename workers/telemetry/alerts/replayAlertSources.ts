// Where a replay's alerts come from (ReplayAlerts.ts shows them, never
// announced): those recorded with the sessions it replays, and the current
// rules evaluated over it. The replay part (alertsReplay.ts) picks one per
// load from what the replay controller says it loads (ReplayLoad).
import type { SessionEvent } from "../../contract/events";
import type { SessionInfo } from "../../contract/sessions";
import type { ColumnLayout } from "../pipeline/columnLayout";
import type { ReplayContext, ReplaySessions } from "../pipeline/Feature";
import { ALERT_EVENT_KINDS } from "./alertEvents";
import { evaluateRing, evaluateSession } from "./evaluateAlerts";
import type { ReplayAlertsSource } from "./ReplayAlerts";

/**
 * Alerts of a replay loaded whole (a range, an import): `recorded` where
 * sessions recorded some, and the rules evaluated over the loaded history.
 */
export function historyAlerts(
  replay: ReplayContext,
  recorded: (() => Promise<SessionEvent[]>) | null,
): ReplayAlertsSource {
  return {
    recorded,
    evaluate: (rules, sink, signal) => evaluateRing(replay.store().ring, rules, sink, signal),
    followsHistory: true,
  };
}

/** Alerts of a recorded session: those it recorded, or the rules over all of it. */
export function sessionAlerts(
  sessions: ReplaySessions | null,
  id: string,
  info: SessionInfo,
  layout: ColumnLayout,
): ReplayAlertsSource {
  return {
    recorded: async () =>
      (await sessions?.sessionEvents(id, { kinds: ALERT_EVENT_KINDS }))?.events ?? [],
    // The whole session, read a span at a time (not only the window loaded).
    evaluate: async (rules, sink, signal) => {
      const { firstPacketTime: first, lastPacketTime: last } = info;
      if (sessions) await evaluateSession(sessions, id, first, last, rules, sink, signal, layout);
    },
    followsHistory: false,
  };
}

/**
 * The alerts recorded with the sessions a local range covers, starting or
 * ending within it, and every acknowledgement (one may come after the range,
 * and names its alerts).
 */
export async function rangeEvents(
  sessions: ReplaySessions | null,
  from: number,
  to: number,
): Promise<SessionEvent[]> {
  const list = (await sessions?.list()) ?? [];
  const events: SessionEvent[] = [];
  for (const s of list.filter((s) => s.lastPacketTime >= from && s.firstPacketTime <= to)) {
    const alerts = await sessions!.sessionEvents(s.id, { kinds: ["alert"], from, to });
    const acks = await sessions!.sessionEvents(s.id, { kinds: ["alertAck"] });
    events.push(...alerts.events, ...acks.events);
  }
  return events.sort((a, b) => a.time - b.time);
}
