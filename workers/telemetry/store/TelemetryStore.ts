// The worker's data core: validates packets, keeps the latest values with
// per-field versions (for "changed since" snapshots), the columnar history,
// counters and geo. Plain class, no Worker/DOM globals: tests run it in Node.
import type {
  BackendState,
  ConnectionState,
  Counters,
  HistoryReach,
} from "../../contract/connection";
import type { ConnectionType, FieldInfo, FieldPath } from "../../contract/fields";
import type { SeriesRequest, SeriesResult } from "../../contract/series";
import { telemetryPacketSchema } from "../schema/packetSchema";
import { FIELD_CONTAINERS, NUMERIC_FIELDS, STRING_FIELDS } from "../schema/fields";
import type { ColumnLayout } from "../pipeline/columnLayout";
import { Pipeline } from "../pipeline/Pipeline";
import { DROP_EVENTS, type EventSink, type Stage } from "../pipeline/Stage";
import type { RowSlices } from "../../contract/storageProtocol";
import type { ColumnRing } from "../history/ColumnRing";
import { TrackDistance } from "../geo/geo";
import { RowTrack } from "../geo/rowTrack";
import { HELD_PACKETS_MAX } from "./heldPackets";
import { appendAndRun, RestoreInSlices } from "./restoreInSlices";
import { PacketRate } from "./PacketRate";
import { describeIssue, describeJsonError } from "./rejectionReason";
import { buildPacketWalk, type StagingRow } from "./packetWalk";
import { FLOAT32_COLUMN, float32Overflow } from "./float32Columns";
import { buildSeries, type SeriesMemo } from "./series";
import { NO_BACKEND_STATE } from "./noBackend";
import { LatestValues, noteChangedBooleans, snapshotOf, type StoreSnapshot } from "./latestValues";
import { chunkLayoutKey, DEFAULT_CAPACITY, historyRing } from "./storeLayout";
import { historyCounters, historyReach, Rejections } from "./counters";

export type { StoreSnapshot };

interface TelemetryStoreOptions {
  /** Its columns: the packet's, then the registered stages' (handed down from features.ts). */
  layout: ColumnLayout;
  /** Packets kept in history (fixed). Default 65,536. */
  capacity?: number;
  /** Wall clock in ms, injectable so tests are deterministic. */
  now?: () => number;
  /** Where this history's stages send their events (alerts, laps); default: dropped. */
  onStageEvent?: EventSink;
  /**
   * The stages to run, default every one of the layout, whose columns the
   * history keeps either way; benchmarks and tests run fewer to isolate them.
   */
  stages?: readonly Stage[];
}

const TIME_FIELD = NUMERIC_FIELDS.indexOf("TimeStamp");
const LAT_FIELD = NUMERIC_FIELDS.indexOf("Telemetry.GpsLatitude");
const LONG_FIELD = NUMERIC_FIELDS.indexOf("Telemetry.GpsLongitude");

const PACKET_WALK = buildPacketWalk(FIELD_CONTAINERS, FLOAT32_COLUMN);

export class TelemetryStore {
  readonly ring: ColumnRing;
  readonly layout: ColumnLayout; // its columns by name (pipeline/columnLayout.ts): the ring's
  /** This history's ingest stages and their state (pipeline/Pipeline.ts). */
  readonly pipeline: Pipeline;
  private readonly rate: PacketRate;
  private track = new TrackDistance();
  /** A replay's position at its clock (see showReplayRow). */
  private readonly rowTrack = new RowTrack();
  /** Latest values and the seq at which each last changed (latestValues.ts). */
  private readonly latest: LatestValues;
  // The same arrays as the store's own fields: the per-packet path writes
  // them directly, with no indirection through `latest`.
  private readonly latestNum: LatestValues["num"];
  private readonly latestStr: LatestValues["str"];
  private readonly verNum: LatestValues["verNum"];
  private readonly verStr: LatestValues["verStr"];
  private readonly boolBits: Uint32Array;
  /**
   * The packet being checked, then stored (see stage/storeCheckedRow): every
   * stored numeric field, the stages' columns last (NaN = compute). The
   * stages read it and write their columns into it.
   */
  private readonly stagedNum: Float64Array;
  private readonly stagedStr: string[] = STRING_FIELDS.map(() => "");
  private readonly staging: StagingRow;
  private seq = 0;
  private accepted = 0;
  private newestTime: number | null = null;
  /** Rejected packets and events, and their last reasons (counters.ts). */
  private readonly rejections: Rejections;
  /** Set between beginRestore and endRestore (restoreInSlices.ts). */
  private restoring: RestoreInSlices | null = null;
  /** The logical row a replay shows (showReplayRow); null: the newest. */
  private shownRow: number | null = null;

  constructor(options: TelemetryStoreOptions) {
    const layout = (this.layout = options.layout);
    this.ring = historyRing(options.capacity ?? DEFAULT_CAPACITY, layout);
    this.latest = new LatestValues(layout);
    ({ num: this.latestNum, str: this.latestStr } = this.latest);
    ({ verNum: this.verNum, verStr: this.verStr } = this.latest);
    this.stagedNum = new Float64Array(layout.storedNumericFields.length);
    this.boolBits = new Uint32Array(this.ring.boolWords);
    this.staging = { nums: this.stagedNum, strs: this.stagedStr, bits: this.boolBits };
    const now = options.now ?? (() => Date.now());
    this.rate = new PacketRate(now);
    this.rejections = new Rejections(now);
    this.pipeline = new Pipeline(this.ring, options.stages ?? layout.stages, options.onStageEvent);
  }

  /** History bytes per stored packet (all 316 fields; strings are not kept). */
  get bytesPerPacket(): number {
    return this.ring.bytesPerSlot;
  }

  /** Names the packed row layout recorded chunks are written in (storeLayout.ts). */
  get chunkLayout(): string {
    return chunkLayoutKey(this.ring);
  }

  ingest(raw: unknown, source: ConnectionType | "REPLAY"): boolean {
    let value = raw;
    if (typeof raw === "string") {
      try {
        value = JSON.parse(raw);
      } catch (error) {
        return this.reject(source, describeJsonError(error));
      }
    }
    // Hot path: one walk over the packet checks every field as the schema
    // would (and the Float32 range) while copying the values out.
    if (this.stage(value)) return this.commit(source);
    // Rejected: zod and the range check say why, in the words users read.
    const parsed = telemetryPacketSchema.safeParse(value);
    if (!parsed.success) return this.reject(source, describeIssue(parsed.error.issues[0]));
    const outOfRange = float32Overflow(parsed.data as unknown as Record<string, unknown>);
    if (outOfRange !== null) return this.reject(source, outOfRange);
    // The two checks agree by construction (the containers come from the
    // schema); should they ever not, zod's stripped copy is stored.
    if (!this.stage(parsed.data))
      return this.reject(source, "packet: not a valid telemetry packet");
    return this.commit(source);
  }

  snapshot(
    sinceSeq: number,
    connection: ConnectionState,
    backend: BackendState = NO_BACKEND_STATE,
  ): StoreSnapshot {
    const changed = this.latest.changedSince(sinceSeq, this.seq);
    return snapshotOf(this.seq, changed, connection, backend, this.track, this.counters());
  }

  series(request: SeriesRequest): SeriesResult {
    return buildSeries(this.ring, request);
  }

  /** Several plots' series at once, sharing plans and columns (see series.ts). */
  seriesBatch(requests: readonly SeriesRequest[]): SeriesResult[] {
    const memo: SeriesMemo = new Map();
    return requests.map((request) => buildSeries(this.ring, request, memo));
  }

  counters(): Counters {
    return historyCounters(this.ring, this.rate, this.rejections, this.accepted, this.newestTime);
  }

  /** What this history holds: rows, their time span, bytes and how fast it fills. */
  reach(): HistoryReach {
    return historyReach(this.ring, this.rate);
  }

  /** Playback on: latest values become the default packet, all marked changed; history is kept. */
  resetLatest(): void {
    this.latest.reset(++this.seq);
  }

  /**
   * The math channels were computed again (math/recompute.ts): their latest
   * values are read back from the row shown, and sent to every reader again,
   * since a slot may now hold another channel.
   */
  channelsChanged(): void {
    // No row yet: nothing to show, and a bumped seq would read as "a packet
    // came" (the snapshot then sends zeros a user would take for the car's).
    if (this.ring.length === 0) return;
    const seq = ++this.seq;
    this.latest.readStageColumns(this.ring, this.shownRow ?? this.ring.length - 1, seq);
  }

  /** The store's sequence number (bumped by every shown change). */
  get currentSeq(): number {
    return this.seq;
  }

  /** TimeStamp (epoch seconds) of the newest stored packet; null if none. */
  /** The newest value of a stored numeric field (NaN: none yet, or not a stored field). */
  latestNumber(path: FieldPath): number {
    const at = this.layout.storedNumericFields.indexOf(path);
    return at < 0 || this.verNum[at] === 0 ? NaN : this.latestNum[at]!;
  }

  get lastPacketTime(): number | null {
    return this.newestTime;
  }

  /** Accepted packets so far (the recorder's cursor). */
  get acceptedCount(): number {
    return this.accepted;
  }

  /** The newest n stored rows as column slices (a recording chunk). */
  newestRows(n: number): RowSlices {
    const count = Math.min(Math.max(0, Math.floor(n)), this.ring.length);
    return this.ring.exportRows(this.ring.length - count, count);
  }

  /**
   * Restore after a reload in one call: `older` rows (oldest first) go in
   * front of whatever live packets arrived meanwhile (see beginRestore).
   */
  restoreRows(older: readonly RowSlices[]): number {
    this.beginRestore();
    let restored = 0;
    for (const rows of older) if (this.appendRestored(rows)) restored += rows.count;
    this.endRestore();
    return restored;
  }

  /**
   * Starts a restore that comes in slices (Sessions.start); until endRestore,
   * live packets are checked and held (restoreInSlices.ts, heldPackets.ts).
   */
  beginRestore(heldMax = HELD_PACKETS_MAX): void {
    if (this.restoring) return;
    this.restoring = RestoreInSlices.begin(this.ring, this.pipeline, heldMax);
  }

  /**
   * Appends restored rows (oldest first, after the rows restored so far) and
   * runs the stages over them alone: their events were emitted when the rows
   * were live, so they are dropped.
   */
  appendRestored(rows: RowSlices): boolean {
    return appendAndRun(this.ring, this.pipeline, rows, DROP_EVENTS);
  }

  /** Ends a restore (RestoreInSlices.end); returns the packets refused for the bound. */
  endRestore(): number {
    const restoring = this.restoring;
    if (!restoring) return 0;
    this.restoring = null;
    return restoring.end(
      this.ring,
      this.pipeline,
      (logical) => this.showRow(logical),
      (nums, bits, strs) => this.storeCheckedRow(nums, bits, strs),
    );
  }

  /**
   * Appends already-validated rows (from a recorded chunk) without showing
   * them; the stages run over them, keeping the values the chunk carries.
   */
  appendRows(rows: RowSlices): boolean {
    return appendAndRun(this.ring, this.pipeline, rows);
  }

  /**
   * Appends rows [lo, lo+n) of another history of this layout without showing
   * them, copied ring to ring (no packed buffer between); the stages run over them.
   */
  appendRowsOf(source: ColumnRing, lo: number, n: number): void {
    const kept = Math.min(n, this.ring.capacity);
    this.ring.appendRowsOf(source, lo + n - kept, kept);
    this.pipeline.runRows(this.ring.length - kept, this.ring.length);
  }

  /** Makes stored row `logical` the shown packet (restore); its fix joins the live track. */
  showRow(logical: number): void {
    if (!this.showValues(logical)) return;
    this.track.add(this.latestNum[LAT_FIELD]!, this.latestNum[LONG_FIELD]!);
  }

  /**
   * The replay clock's row: its values, and the position, heading and distance
   * at that row (rows 0..logical), not at the end of the history. Before the
   * first row (-1): the default packet and no position yet.
   */
  showReplayRow(logical: number): void {
    this.shownRow = logical;
    if (logical < 0) {
      this.resetLatest();
      this.track = new TrackDistance();
      return;
    }
    if (this.showValues(logical)) this.track = this.rowTrack.upTo(this.ring, logical);
  }

  private showValues(logical: number): boolean {
    if (!(logical >= 0 && logical < this.ring.length)) return false;
    this.latest.readRow(this.ring, logical, ++this.seq);
    this.newestTime = this.latestNum[TIME_FIELD]!;
    return true;
  }

  fieldCatalog(): FieldInfo[] {
    return this.layout.storeCatalog();
  }

  /**
   * Counts a received event other than a packet (a latency, lapData, lapCoords)
   * that failed its check; its reason joins the packets' in Diagnostics.
   */
  rejectEvent(source: ConnectionType | "REPLAY", reason: string): void {
    this.rejections.event(source, reason);
  }

  private reject(source: ConnectionType | "REPLAY", reason: string): false {
    return this.rejections.packet(source, reason);
  }

  /**
   * Hot path: one walk over the packet (packetWalk.ts) checks each value as
   * telemetryPacketSchema does, plus the Float32 range, and copies the values
   * to the staging row. False at the first value that fails; nothing is
   * stored then.
   */
  private stage(packet: unknown): boolean {
    this.boolBits.fill(0);
    return PACKET_WALK(packet, this.staging);
  }

  /**
   * Stores the staged row, its stage columns computed; while a restore runs,
   * holds it for after the restored rows (see beginRestore).
   */
  private commit(source: ConnectionType | "REPLAY"): boolean {
    const nums = this.stagedNum;
    nums.fill(NaN, this.layout.lazyFrom); // the stages write what they compute
    const restoring = this.restoring;
    if (restoring === null) {
      this.storeCheckedRow(nums, this.boolBits, this.stagedStr);
      return true;
    }
    const refused = restoring.hold(nums, this.boolBits, this.stagedStr);
    if (refused !== null) return this.reject(source, refused);
    // Its time is the newest packet's (the links' arrival lag reads it), though it waits.
    this.newestTime = nums[TIME_FIELD]!;
    return true;
  }

  /**
   * Stores one packet given as a typed row, without building or validating an
   * object: the caller has already checked every value as the schema would
   * (live ingest's walk, a CSV import's fast path). `given`: every stored
   * numeric field, Float32 columns within range; a stage column's finite
   * value is stored as given, a non-finite one computed by its stage (the
   * caller's array is left as it was). `bits`: booleans packed 32 per word.
   * `strs`: the string fields.
   */
  storeCheckedRow(given: Float64Array, bits: Uint32Array, strs: readonly string[]): void {
    const nums = this.stagedNum;
    if (given !== nums) nums.set(given);
    const seq = ++this.seq;
    const slot = this.ring.claimSlot();
    const ring = this.ring;
    const latestNum = this.latestNum;
    ring.setStoredNumbers(slot, nums);
    for (let field = 0; field < NUMERIC_FIELDS.length; field++) {
      const v = nums[field]!;
      if (latestNum[field] !== v) {
        latestNum[field] = v;
        this.verNum[field] = seq;
      }
    }
    for (let w = 0; w < bits.length; w++) ring.setBoolWord(slot, w, bits[w]!);
    noteChangedBooleans(this.latest, bits, seq);
    for (let field = 0; field < STRING_FIELDS.length; field++) {
      const s = strs[field]!;
      ring.setString(slot, field, s);
      if (this.latestStr[field] !== s) {
        this.latestStr[field] = s;
        this.verStr[field] = seq;
      }
    }
    // The packet's fields are stored: the stages compute their columns from
    // its values (Feature.stages), stored like the packet's own.
    this.pipeline.step(nums, bits);
    for (let field = NUMERIC_FIELDS.length; field < this.stagedNum.length; field++) {
      const v = nums[field]!;
      // A gap in a column with no storage (a math slot no channel holds) is not
      // written; its latest value turns to a gap once, not on every packet.
      if (v === v || ring.hasColumn(field)) ring.setNumber(slot, field, v);
      else if (latestNum[field] !== latestNum[field]) continue;
      if (latestNum[field] !== v) {
        latestNum[field] = v;
        this.verNum[field] = seq;
      }
    }

    this.accepted++;
    this.rate.mark();
    this.newestTime = latestNum[TIME_FIELD]!;
    this.track.add(latestNum[LAT_FIELD]!, latestNum[LONG_FIELD]!);
  }
}
