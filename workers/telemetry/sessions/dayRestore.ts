// The restore after a reload (docs/architecture.md "Restore after a reload"):
// the newest session (with those it followed on a reload: restoreChain)
// comes back into the live history in two steps, so a whole day neither
// keeps the screen empty for seconds nor holds its 238 MB of chunk buffers
// on top of the history:
//   1. its 1-second summary (summary.ts), one read of about a tenth of the
//      rows, goes into a small preview history that the windows show as live.
//      Its newest minutes (NEWEST_SECONDS) are read and shown first: reading
//      a 9-hour day's summary takes 1.1-1.6 s of IndexedDB (24 MB), and the
//      plots open on the newest 2 minutes, so they need not wait for it;
//   2. every row is then read in slices of SLICE_ROWS, oldest first, into the
//      live history, the stages running over each slice only; live packets
//      that arrive meanwhile are held and stored after the day
//      (TelemetryStore.beginRestore), so none is lost or out of order.
// When the rows are in, the session's recorded events that belong to the
// live history (its alerts) are handed back, before the live packets held
// meanwhile are stored; then the windows show the live history again and the
// preview is dropped. A session without a summary (older builds, imports)
// restores the same way, without the early picture.
import type { EventsRead, SessionEvent } from "../../contract/events";
import type { SessionInfo, RestoreProgress } from "../../contract/sessions";
import type { ChunksRead, ChunksSlice, RestorePlan } from "../../contract/storageProtocol";
import type { SessionStore } from "../../shared/storage/SessionDb";
import { TelemetryStore } from "../store/TelemetryStore";
import { checkStoredRows } from "./storedRows";

/** Rows a slice reads: about 14 MB of buffers at the car's 724 B a row. */
export const SLICE_ROWS = 20_000;
/**
 * Summary rows the preview holds at most: 12 hours at one a second, about
 * 31 MB beside the live history (a day of 9 hours is 32,400 rows).
 */
const PREVIEW_ROWS_MAX = 43_200;
/**
 * The newest span of the summary read and shown before the rest of it: the
 * plots' default 2-minute window and the 10-minute one, with room. Fifteen
 * records of a minute, well under a tenth of a second to read.
 */
export const NEWEST_SECONDS = 15 * 60;

interface DayRestoreHooks {
  /** Shows `preview` as the live view while the rows are read; null: the live history again. */
  showPreview(preview: TelemetryStore | null): void;
  progress(progress: RestoreProgress): void;
  /** Chunks that failed their checks, by reason (said to the user). */
  dropped(dropped: Record<string, number>): void;
  /** Live packets refused because too many waited for the restore. */
  refused(count: number): void;
  /** True once recording stops: the restore ends with what it has. */
  stopped(): boolean;
  now(): number;
  /** When the worker began opening the recordings (`now()`): the times count from there. */
  startedAt?: number | undefined;
  /** Rows a slice reads (default SLICE_ROWS; tests use a few). */
  sliceRows?: number | undefined;
  /** The summary's newest span shown first, in seconds (default NEWEST_SECONDS). */
  newestSeconds?: number | undefined;
  /**
   * The session's events of `kinds` (the alerts), read while the rows are and
   * handed to `restore` once they are in, before the held live packets.
   */
  events?: RestoredEvents | undefined;
}

export interface RestoredEvents {
  kinds: readonly string[];
  restore(events: SessionEvent[]): void;
}

const NO_EVENTS: EventsRead = { events: [], dropped: 0 };

const NO_SUMMARY: ChunksRead = { chunks: [], refused: {} };

/**
 * The sessions a reload gives back, oldest first: the newest, and before it
 * each of the same source that ended within `gapMs` of the next one's start,
 * while the history has room. A reload of the demo car starts a session of
 * its own, so without them a second reload showed only the minutes since the
 * first, though the history had shown the whole day.
 */
export function restoreChain(
  sessions: readonly SessionInfo[],
  newest: SessionInfo,
  capacity: number,
  gapMs: number,
): SessionInfo[] {
  const older = sessions
    .filter((s) => s.id !== newest.id && s.startedAt <= newest.startedAt)
    .sort((a, b) => b.startedAt - a.startedAt);
  const chain = [newest];
  let rows = newest.packets;
  for (const session of older) {
    const next = chain[0]!;
    if (rows >= capacity || session.source !== next.source) break;
    if (next.startedAt - session.endedAt > gapMs || session.packets <= 0) break;
    chain.unshift(session);
    rows += session.packets;
  }
  return chain;
}

/** Restores `chain` (restoreChain) into `store` (see the top); resolves with the rows restored. */
export async function restoreDay(
  db: SessionStore,
  store: TelemetryStore,
  chain: readonly SessionInfo[],
  hooks: DayRestoreHooks,
): Promise<number> {
  const started = hooks.startedAt ?? hooks.now();
  let progress: RestoreProgress = {
    phase: "preview",
    previewRows: 0,
    rows: 0,
    total: 0,
    firstPictureMs: null,
    dayPictureMs: null,
    doneMs: null,
  };
  const report = (patch: Partial<RestoreProgress>) => {
    progress = { ...progress, ...patch };
    hooks.progress(progress);
  };
  report({});
  const capacity = store.ring.capacity;
  let previewShown = false;
  let restored = 0;
  let began = false;
  let recorded: SessionEvent[] | null = null;
  try {
    // Unread events only cost the restored log; the rows go on.
    const kinds = hooks.events?.kinds;
    const events = kinds
      ? Promise.all(chain.map((s) => db.readEvents(s.id, { kinds }).catch(() => NO_EVENTS))).then(
          (reads) => reads.flatMap((read) => read.events),
        )
      : null;
    // Kept as soon as read: a restore that fails part-way still gives them back.
    void events?.then((read) => (recorded = read));
    const plans = await planChain(db, chain, capacity);
    const total = plans.reduce((sum, p) => sum + p.plan.rows, 0);
    const previewMax = Math.min(capacity, PREVIEW_ROWS_MAX);
    /** Shows the summary rows read as the preview; their count (0: none shown). */
    const show = (reads: ChunksRead[]) => {
      const rows = reads.flatMap((summary) => checkStoredRows(store.ring, summary).rows);
      const count = rows.reduce((sum, r) => sum + r.count, 0);
      if (count === 0 || hooks.stopped()) return 0;
      const preview = new TelemetryStore({ capacity: count, layout: store.layout, stages: [] });
      preview.restoreRows(rows);
      hooks.showPreview(preview);
      previewShown = true;
      return count;
    };
    const newest = plans.at(-1)?.session;
    const since = newest ? newest.lastPacketTime - (hooks.newestSeconds ?? NEWEST_SECONDS) : NaN;
    // A day longer than the newest span: that span first, then the whole summary.
    if (plans.length > 0 && plans[0]!.session.firstPacketTime < since) {
      const count = show(await readPreview(db, plans, previewMax, since));
      if (count > 0)
        report({
          phase: "newest",
          previewRows: count,
          total,
          firstPictureMs: hooks.now() - started,
        });
    }
    // A summary that cannot be read only costs the early picture.
    const previewCount = show(await readPreview(db, plans, previewMax));
    const shownAt = previewCount > 0 ? hooks.now() - started : null;
    report({
      phase: "full",
      previewRows: previewCount || (previewShown ? progress.previewRows : 0),
      total,
      firstPictureMs: progress.firstPictureMs ?? shownAt,
      dayPictureMs: shownAt,
    });
    store.beginRestore();
    began = true;
    const dropped: Record<string, number> = {};
    for await (const slice of slicesReadAhead(db, plans, hooks.sliceRows ?? SLICE_ROWS, hooks)) {
      const checked = checkStoredRows(store.ring, slice);
      for (const [why, n] of Object.entries(checked.dropped))
        dropped[why] = (dropped[why] ?? 0) + n;
      for (const rows of checked.rows) if (store.appendRestored(rows)) restored += rows.count;
      report({
        rows: restored,
        // Without a summary the live history itself is on screen: its first slice is the picture.
        firstPictureMs: progress.firstPictureMs ?? (restored > 0 ? hooks.now() - started : null),
      });
    }
    hooks.dropped(dropped);
    await events;
    return restored;
  } finally {
    if (began) {
      if (recorded) hooks.events?.restore(recorded);
      const refused = store.endRestore();
      if (refused > 0) hooks.refused(refused);
    }
    if (previewShown) hooks.showPreview(null);
    const doneMs = hooks.now() - started;
    report({
      phase: "done",
      rows: restored,
      doneMs,
      firstPictureMs: progress.firstPictureMs ?? doneMs,
    });
  }
}

/**
 * The plans' slices, oldest first, each session's next slice asked for as soon
 * as one arrives: the database reads it (on the storage thread, or in the
 * browser's IndexedDB) while this thread stores the one before, so a restore
 * takes about the longer of the two rather than their sum. At most two
 * slices' buffers are held at once. Stops asking once recording stops.
 */
async function* slicesReadAhead(
  db: SessionStore,
  plans: readonly { session: SessionInfo; plan: RestorePlan }[],
  sliceRows: number,
  hooks: Pick<DayRestoreHooks, "stopped">,
): AsyncGenerator<ChunksSlice> {
  for (const { session, plan } of plans) {
    let next: Promise<ChunksSlice> | null =
      plan.rows > 0 && !hooks.stopped()
        ? readingAhead(db.readSlice(session, plan.from, sliceRows))
        : null;
    while (next !== null && !hooks.stopped()) {
      const slice = await next;
      next =
        slice.next === null ? null : readingAhead(db.readSlice(session, slice.next, sliceRows));
      yield slice;
    }
  }
}

/** A read left unawaited if the restore stops: its failure is then no unhandled rejection. */
function readingAhead<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}

/** Each session's plan, the newest first given the history's room; oldest first, those with rows. */
async function planChain(db: SessionStore, chain: readonly SessionInfo[], capacity: number) {
  // A chain the history holds whole is read from each session's first chunk
  // on: no plan's reads (a binary search, one record at a time, a quarter
  // second of a day's restore before anything showed: bench:track).
  if (chain.reduce((sum, s) => sum + s.packets, 0) <= capacity)
    return chain
      .filter((session) => session.packets > 0)
      .map((session) => ({ session, plan: { from: 0, rows: session.packets, t0: null } }));
  const plans: { session: SessionInfo; plan: RestorePlan }[] = [];
  let room = capacity;
  for (const session of [...chain].reverse()) {
    if (room <= 0) break;
    const plan = await db.planRestore(session, room);
    if (plan.rows > 0) plans.unshift({ session, plan });
    room -= plan.rows;
  }
  return plans;
}

/**
 * The sessions' summaries from where each plan begins (and from packet time
 * `since`), oldest first, at most `maxRows` rows (the newest kept).
 */
async function readPreview(
  db: SessionStore,
  plans: readonly { session: SessionInfo; plan: RestorePlan }[],
  maxRows: number,
  since = -Infinity,
): Promise<ChunksRead[]> {
  const reads: ChunksRead[] = [];
  let room = maxRows;
  for (const { session, plan } of [...plans].reverse()) {
    if (room <= 0 || session.lastPacketTime < since) break;
    const from = Math.max(plan.t0 ?? -Infinity, since);
    const read = await db.readSummary(session, from, room).catch(() => NO_SUMMARY);
    reads.unshift(read);
    room -= read.chunks.reduce((sum, c) => sum + c.count, 0);
  }
  return reads;
}
