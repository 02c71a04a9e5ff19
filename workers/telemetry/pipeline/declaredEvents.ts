// The session events a restore or a replay reads back, checked with the
// schema of the feature that declares their kind (Feature.events) before any
// feature is handed them. The store (workers/shared/storage/eventKinds.ts)
// runs in the storage worker and knows no feature: it checks only what every
// record needs (a string kind, a finite time, a payload object) and the core's
// own laps, and hands other kinds out as stored. What comes back may be
// damaged, or written by another build: an event that fails its schema is
// dropped, never thrown at the user. A kind no registered feature declares
// (the lap desk's laps) is handed on as the store read it.
import type { EventsRead, SessionEvent } from "../../contract/events";
import type { EventSchemas, Feature, ReplaySessions } from "./Feature";

/** The kinds `events` declares, typed, for a feature's `emits`, `restores` and `replays`. */
export function kindsOf<E extends EventSchemas>(events: E): (keyof E & string)[] {
  return Object.keys(events) as (keyof E & string)[];
}

export class DeclaredEvents {
  /** A Map, not an object: a stored kind named "constructor" finds nothing. */
  private readonly schemas = new Map<string, EventSchemas[string]>();

  /** The schemas of `features`' declared kinds (the first to declare a kind has it). */
  constructor(features: readonly Pick<Feature, "events">[]) {
    for (const feature of features)
      for (const [kind, schema] of Object.entries(feature.events ?? {}))
        if (!this.schemas.has(kind)) this.schemas.set(kind, schema);
  }

  /**
   * The event as its declaring feature reads it (the schema's output, with
   * its kind and time), or null when it fails the schema.
   */
  checkOne(event: SessionEvent): SessionEvent | null {
    const schema = this.schemas.get(event.kind);
    if (!schema) return event;
    try {
      const parsed = schema.safeParse(event);
      if (!parsed.success || typeof parsed.data !== "object" || parsed.data === null) return null;
      return { ...(parsed.data as object), kind: event.kind, time: event.time };
    } catch {
      // A schema's own refinement that throws on a hostile value: dropped all the same.
      return null;
    }
  }

  /** The events that pass their kind's schema, in their order, and how many did not. */
  check(events: readonly SessionEvent[]): EventsRead {
    const kept: SessionEvent[] = [];
    for (const event of events) {
      const checked = this.checkOne(event);
      if (checked) kept.push(checked);
    }
    return { events: kept, dropped: events.length - kept.length };
  }

  /** A read of the store, checked: its dropped records and the events failing their schema counted together. */
  read(read: EventsRead): EventsRead {
    const checked = this.check(read.events);
    return { events: checked.events, dropped: read.dropped + checked.dropped };
  }

  /** `sessions` whose event reads are checked (what a feature's replay part is given). */
  sessions(sessions: ReplaySessions): ReplaySessions {
    return {
      list: () => sessions.list(),
      session: (id) => sessions.session(id),
      sessionLaps: (id, from, to) => sessions.sessionLaps(id, from, to),
      sessionRows: (id, from, to) => sessions.sessionRows(id, from, to),
      sessionEvents: async (id, query) => this.read(await sessions.sessionEvents(id, query)),
      appendSessionEvents: (id, events) => sessions.appendSessionEvents(id, events),
    };
  }
}
