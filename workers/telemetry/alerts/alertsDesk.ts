// The alerts' live part (pipeline/Feature.ts), one per core: the live
// history's rules and log (liveAlerts.ts), and when and to whom new alerts
// are announced, which used to be the core's own policy.
import type { ConnectionState } from "../../contract/connection";
import type { FeatureWindow, LiveContext, LivePart } from "../pipeline/Feature";
import { LiveAlerts } from "./liveAlerts";
import { watchedFields } from "./subjects";

/** Started alerts are sent to the windows at most this often (the first at once). */
const ANNOUNCE_MS = 50;

export class AlertsDesk extends LiveAlerts implements LivePart {
  private cancelAnnounce: (() => void) | null = null;
  private lastAnnounce = -Infinity;

  constructor(private readonly context: LiveContext) {
    super(
      () => context.now(),
      (event) => context.record(event),
      context.layout,
    );
  }

  afterPacket(): void {
    if (this.hasStarted) this.announce();
  }

  /** The links as system subjects of the rules (links lost, no packets, latency). */
  links(state: ConnectionState, nowMs: number): void {
    this.reportLinks(state, nowMs);
    if (this.hasStarted) this.announce();
  }

  /** The car link rule's alert is the "Connection Lost" toast: not both (issue 34). */
  claims(notification: "carDisconnect"): boolean {
    return notification === "carDisconnect" && this.announcesSubject("System.CarLink");
  }

  /** The fields the rules watch (the math channels among them keep being computed). */
  watches(): ReadonlySet<string> {
    return watchedFields(this.rulesInForce);
  }

  stop(): void {
    this.cancelAnnounce?.();
    this.cancelAnnounce = null;
  }

  /**
   * New live alerts go to the windows showing live (toasts, sound): the first
   * at once, then at most every ANNOUNCE_MS, so a storm writes at most 20
   * entries' words per period, not per packet.
   */
  private announce(): void {
    if (this.cancelAnnounce !== null) return;
    const wait = this.lastAnnounce + ANNOUNCE_MS - this.context.now();
    if (wait > 0) {
      this.cancelAnnounce = this.context.later(() => {
        this.cancelAnnounce = null;
        this.announce();
      }, wait);
      return;
    }
    this.lastAnnounce = this.context.now();
    const { started, omitted } = this.takeStarted();
    if (started.length === 0) return;
    // One window sounds it and notifies the desktop: the earliest joined of
    // those showing live, so when it leaves or replays the next one takes
    // over. Every one shows the toast.
    let announcer: FeatureWindow | null = null;
    for (const window of this.context.windows()) {
      if (!window.showsLive) continue;
      announcer ??= window;
      window.send({ type: "alerts", started, omitted, announce: window === announcer });
    }
  }
}
