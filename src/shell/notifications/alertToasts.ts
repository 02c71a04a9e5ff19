// Alert toasts that never pile up: a storm (30 flags rising in one packet, or
// within a few seconds) becomes one toast, "30 alerts: …", updated in place
// while it is on screen (the toast lifetime, 4 s), as LapToasts does for laps.
// Pure: the sink shows and updates; the actions call back with what the toast
// stands for (its alerts' seqs, its rules' ids).
import type { AlertEntry, AlertSeverity } from "../../../workers/contract/alerts";
import type { Intent } from "@blueprintjs/core";
import { NOTIFICATION_TIMEOUT_MS, type Notification } from "../../state/notificationQueue";
import type { LapToastSink } from "./lapToasts";

/** Minutes a toast's "Mute" button silences its rules for. */
export const TOAST_MUTE_MINUTES = 15;

/** Messages quoted in a coalesced toast; the rest are counted. */
const QUOTED = 3;

const RANK: Record<AlertSeverity, number> = { info: 0, warning: 1, critical: 2 };

export const SEVERITY_INTENT: Record<AlertSeverity, Intent> = {
  critical: "danger",
  warning: "warning",
  info: "none",
};

const SEVERITY_TITLE: Record<AlertSeverity, string> = {
  critical: "Critical alert",
  warning: "Warning",
  info: "Alert",
};

export function worstSeverity(entries: readonly Pick<AlertEntry, "severity">[]): AlertSeverity {
  let worst: AlertSeverity = "info";
  for (const entry of entries) if (RANK[entry.severity] > RANK[worst]) worst = entry.severity;
  return worst;
}

export interface AlertToastActions {
  acknowledge(seqs: number[]): void;
  mute(ruleIds: string[], minutes: number): void;
}

/** A toast's words for these alerts (oldest first); `messages` are their texts. */
export function alertToastText(
  severity: AlertSeverity,
  messages: readonly string[],
): Pick<Notification, "title" | "message" | "intent"> {
  const intent = SEVERITY_INTENT[severity];
  if (messages.length === 1)
    return { title: SEVERITY_TITLE[severity], message: messages[0]!, intent };
  const quoted = messages.slice(0, QUOTED).join(" · ");
  const more = messages.length > QUOTED ? " …" : "";
  return {
    title: `${messages.length} alerts (worst: ${severity})`,
    message: `${messages.length} alerts: ${quoted}${more}`,
    intent,
  };
}

interface Current {
  id: string;
  shownAt: number;
  seqs: number[];
  ruleIds: Set<string>;
  messages: string[];
  severity: AlertSeverity;
}

export class AlertToasts {
  private current: Current | null = null;
  private next = 0;

  constructor(
    private readonly sink: LapToastSink,
    private readonly actions: AlertToastActions,
    /** An alert's text as shown (the user's units). */
    private readonly messageOf: (entry: AlertEntry) => string = (entry) => entry.message,
    private readonly now: () => number = () => Date.now(),
    private readonly lifetimeMs = NOTIFICATION_TIMEOUT_MS,
  ) {}

  /** Alerts that just started (one worker event); nothing to show for none. */
  started(entries: readonly AlertEntry[]): void {
    if (entries.length === 0) return;
    const now = this.now();
    const current = this.current;
    if (current && now - current.shownAt < this.lifetimeMs) {
      this.add(current, entries);
      if (this.sink.update(this.notification(current))) return;
    }
    const fresh: Current = {
      id: `alert-toast-${++this.next}`,
      shownAt: now,
      seqs: [],
      ruleIds: new Set(),
      messages: [],
      severity: "info",
    };
    this.add(fresh, entries);
    this.current = fresh;
    this.sink.show(this.notification(fresh));
  }

  private add(toast: Current, entries: readonly AlertEntry[]): void {
    for (const entry of entries) {
      toast.seqs.push(entry.seq);
      toast.ruleIds.add(entry.ruleId);
      toast.messages.push(this.messageOf(entry));
    }
    toast.severity = worstSeverity([{ severity: toast.severity }, ...entries]);
  }

  private notification(toast: Current): Notification {
    const seqs = [...toast.seqs];
    const ruleIds = [...toast.ruleIds];
    const rules = ruleIds.length === 1 ? "rule" : `${ruleIds.length} rules`;
    return {
      id: toast.id,
      ...alertToastText(toast.severity, toast.messages),
      actions: [
        { text: "Acknowledge", onClick: () => this.actions.acknowledge(seqs) },
        {
          text: `Mute ${rules} ${TOAST_MUTE_MINUTES} min`,
          onClick: () => this.actions.mute(ruleIds, TOAST_MUTE_MINUTES),
        },
      ],
    };
  }
}
