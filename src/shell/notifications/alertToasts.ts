// Alert toasts that never pile up: a storm (30 flags rising in one packet, or
// within a few seconds) becomes one toast, "30 alerts: …", updated in place
// while it is on screen (the toast lifetime, 4 s), as LapToasts does for laps.
// Pure: the sink shows and updates; the actions call back with what the toast
// stands for (its alerts' seqs, its rules' ids).
import type { AlertEntry, AlertSeverity } from "../../../workers/contract/alerts";
import type { Intent } from "@blueprintjs/core";
import {
  NOTIFICATION_TEXTS,
  NOTIFICATION_TIMEOUT_MS,
  type Notification,
} from "../../state/notificationQueue";
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

/**
 * Alerts that stand for one of the spec's notifications keep its title: the
 * car link rule's alert is the "Connection Lost" toast (SPEC §8), not a second one.
 */
const SUBJECT_TITLE: Record<string, string> = {
  "System.CarLink": NOTIFICATION_TEXTS.carDisconnect.title,
};

export function worstSeverity(entries: readonly Pick<AlertEntry, "severity">[]): AlertSeverity {
  let worst: AlertSeverity = "info";
  for (const entry of entries) if (RANK[entry.severity] > RANK[worst]) worst = entry.severity;
  return worst;
}

interface AlertToastActions {
  acknowledge(seqs: number[]): void;
  mute(ruleIds: string[], minutes: number): void;
}

/**
 * A toast's words for these alerts (oldest first); `messages` are the texts
 * of those sent, `count` all of them (a storm's further alerts are counted
 * only), `subject` the one alert's subject.
 */
export function alertToastText(
  severity: AlertSeverity,
  messages: readonly string[],
  count = messages.length,
  subject = "",
): Pick<Notification, "title" | "message" | "intent"> {
  const intent = SEVERITY_INTENT[severity];
  if (count === 1) {
    const title = SUBJECT_TITLE[subject] ?? SEVERITY_TITLE[severity];
    return { title, message: messages[0]!, intent };
  }
  const quoted = messages.slice(0, QUOTED).join(" · ");
  const more = count > QUOTED ? " …" : "";
  return {
    title: `${count} alerts (worst: ${severity})`,
    message: `${count} alerts: ${quoted}${more}`,
    intent,
  };
}

interface Current {
  id: string;
  shownAt: number;
  seqs: number[];
  ruleIds: Set<string>;
  messages: string[];
  /** Alerts it stands for: the messages' and those a storm sent only as a count. */
  count: number;
  /** The first alert's subject (a one-alert toast may take the spec's title). */
  subject: string;
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

  /**
   * Alerts that just started (one worker event), and how many more a storm
   * sent only as a count; nothing to show for none.
   */
  started(entries: readonly AlertEntry[], omitted = 0): void {
    if (entries.length === 0) return;
    const now = this.now();
    const current = this.current;
    if (current && now - current.shownAt < this.lifetimeMs) {
      this.add(current, entries, omitted);
      if (this.sink.update(this.notification(current))) return;
    }
    const fresh: Current = {
      id: `alert-toast-${++this.next}`,
      shownAt: now,
      seqs: [],
      ruleIds: new Set(),
      messages: [],
      count: 0,
      subject: entries[0]!.subject,
      severity: "info",
    };
    this.add(fresh, entries, omitted);
    this.current = fresh;
    this.sink.show(this.notification(fresh));
  }

  private add(toast: Current, entries: readonly AlertEntry[], omitted: number): void {
    toast.count += entries.length + Math.max(0, omitted);
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
      ...alertToastText(toast.severity, toast.messages, toast.count, toast.subject),
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
