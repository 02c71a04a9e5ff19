// The session events recorded with what is being replayed, of the kinds the
// registered features read in a replay (Feature.replays: the strategy's
// forecasts): a session's, or those made within a local range by the sessions
// it covers; none for a backend range or an import. Each is checked with the
// schema of the feature that declares its kind (pipeline/declaredEvents.ts):
// a damaged or foreign one is left out. Apart from
// ReplayController because it is its own read with its own guard against a
// slow read of an earlier replay landing.
import type { SessionEvent } from "../../contract/events";
import type { DeclaredEvents } from "../pipeline/declaredEvents";
import type { Sessions } from "../sessions/Sessions";

export class ReplayEvents {
  /** Oldest first. */
  events: readonly SessionEvent[] = [];
  /** Bumped by each start: a slow read of an earlier replay's events does not land. */
  private readFor = 0;

  constructor(
    private readonly sessions: () => Sessions | null,
    /** The kinds to read; none: nothing is read. */
    private readonly kinds: readonly string[],
    /** The registered features' schemas of their kinds. */
    private readonly declared: DeclaredEvents,
  ) {}

  /** None until read; returns the token a read for the new replay carries. */
  clear(): number {
    this.events = [];
    return ++this.readFor;
  }

  /** The events recorded by the sessions a local range covers, within it. */
  async forRange(readFor: number, from: number, to: number): Promise<void> {
    const list = (await this.sessions()?.list()) ?? [];
    const ids = list.filter((s) => s.lastPacketTime >= from && s.firstPacketTime <= to);
    await this.forSessions(
      readFor,
      ids.map((s) => s.id),
      from,
      to,
    );
  }

  /** Reads the events recorded with `ids` (unreadable ones are left out: the rows replay all the same). */
  async forSessions(readFor: number, ids: string[], from?: number, to?: number): Promise<void> {
    if (this.kinds.length === 0) return;
    const sessions = this.sessions();
    const events: SessionEvent[] = [];
    for (const id of ids) {
      const query = { kinds: [...this.kinds], ...(from === undefined ? {} : { from, to }) };
      const read = await sessions?.sessionEvents(id, query).catch(() => null);
      events.push(...this.declared.check(read?.events ?? []).events);
    }
    if (readFor === this.readFor) this.events = events.sort((a, b) => a.time - b.time);
  }
}
