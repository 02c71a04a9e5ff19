// The forecasts recorded with what is being replayed (the Strategy tab shows
// them in playback): a session's, or those made within a local range by the
// sessions it covers; none for a backend range or an import. Apart from
// ReplayController because it is its own read with its own guard against a
// slow read of an earlier replay landing.
import type { SessionEvent } from "../../contract/events";
import type { StrategyRecord } from "../../contract/strategy";
import { STRATEGY_EVENT_KIND } from "../../shared/storage/eventKinds";
import { recordsFromEvents } from "../strategy/strategyDesk";
import type { Sessions } from "../sessions/Sessions";

export class ReplayForecasts {
  /** Oldest first. */
  records: StrategyRecord[] = [];
  /** Bumped by each start: a slow read of an earlier replay's forecasts does not land. */
  private forecastsFor = 0;

  constructor(private readonly sessions: () => Sessions | null) {}

  /** None until read; returns the token a read for the new replay carries. */
  clear(): number {
    this.records = [];
    return ++this.forecastsFor;
  }

  /** The recorded forecasts of the sessions a local range covers, made within it. */
  async forRange(forecastsFor: number, from: number, to: number): Promise<void> {
    const list = (await this.sessions()?.list()) ?? [];
    const ids = list.filter((s) => s.lastPacketTime >= from && s.firstPacketTime <= to);
    await this.forSessions(
      forecastsFor,
      ids.map((s) => s.id),
      from,
      to,
    );
  }

  /** Reads the forecasts recorded with `ids` (unreadable ones are left out: the rows replay all the same). */
  async forSessions(
    forecastsFor: number,
    ids: string[],
    from?: number,
    to?: number,
  ): Promise<void> {
    const sessions = this.sessions();
    const events: SessionEvent[] = [];
    for (const id of ids) {
      const query = { kinds: [STRATEGY_EVENT_KIND], ...(from === undefined ? {} : { from, to }) };
      const read = await sessions?.sessionEvents(id, query).catch(() => null);
      events.push(...(read?.events ?? []));
    }
    if (forecastsFor === this.forecastsFor) this.records = recordsFromEvents(events);
  }
}
