// The strategy's memory of a history: one window per minute of packet time
// (energy out of the pack, the array's energy, distance, time moving, state of
// charge, integrated pack current, position), in a fixed ring of 12 hours.
// A whole race day fits; the state never grows with the history (Stage.ts).
// The fit works on these windows rather than on packets, because over a
// minute the energy spent accelerating and regained braking largely cancels,
// where a single sample's m·a·v swings by kilowatts.
import { hasFix } from "../../shared/gpsFix";
import { bridges, trapezoidH } from "../history/integrate";

/** Windows kept: 12 h of minutes. */
const WINDOW_CAPACITY = 720;
/** Below this the car counts as standing, m/s. */
export const MOVING_MPS = 1;

export interface MinuteWindows {
  /** Windows stored (≤ capacity); the newest at (head - 1). */
  count: number;
  head: number;
  /** Per window: epoch minute (floor(time / 60)). */
  minute: Float64Array;
  /** Seconds integrated in the window. */
  coveredS: Float64Array;
  movingS: Float64Array;
  /** ∫ pack V·I dt, Wh (discharge positive). */
  packWh: Float64Array;
  /** ∫ Σ MPPT V·I dt, Wh. */
  arrayWh: Float64Array;
  /** ∫ pack I dt, Ah. */
  packAh: Float64Array;
  /** ∫ pack V dt, V·s (its mean voltage, for Wh ↔ Ah). */
  packVs: Float64Array;
  distanceM: Float64Array;
  /** State of charge at the window's first and last packet, % (NaN: none). */
  socFirst: Float64Array;
  socLast: Float64Array;
  lat: Float64Array;
  long: Float64Array;
}

export function createWindows(capacity = WINDOW_CAPACITY): MinuteWindows {
  const f = () => new Float64Array(capacity);
  return {
    count: 0,
    head: 0,
    minute: f(),
    coveredS: f(),
    movingS: f(),
    packWh: f(),
    arrayWh: f(),
    packAh: f(),
    packVs: f(),
    distanceM: f(),
    socFirst: f(),
    socLast: f(),
    lat: f(),
    long: f(),
  };
}

export function clearWindows(w: MinuteWindows): void {
  w.count = 0;
  w.head = 0;
}

/** Physical slot of the k-th window, oldest first (0 ≤ k < count). */
export function slotOf(w: MinuteWindows, k: number): number {
  const capacity = w.minute.length;
  return (w.head - w.count + k + capacity) % capacity;
}

/** Opens a new window for `minute` (the oldest is dropped when full); returns its slot. */
function openWindow(w: MinuteWindows, minute: number): number {
  const slot = w.head;
  w.head = (w.head + 1) % w.minute.length;
  w.count = Math.min(w.count + 1, w.minute.length);
  w.minute[slot] = minute;
  w.coveredS[slot] = 0;
  w.movingS[slot] = 0;
  w.packWh[slot] = 0;
  w.arrayWh[slot] = 0;
  w.packAh[slot] = 0;
  w.packVs[slot] = 0;
  w.distanceM[slot] = 0;
  w.socFirst[slot] = NaN;
  w.socLast[slot] = NaN;
  w.lat[slot] = NaN;
  w.long[slot] = NaN;
  return slot;
}

/** One packet's values (NaN: missing). */
export interface Sample {
  time: number;
  soc: number;
  packV: number;
  packI: number;
  speed: number;
  arrayW: number;
  lat: number;
  long: number;
}

/** Where the windows are, per history: the previous packet's time and values, and its window. */
export interface WindowCursor {
  lastTime: number;
  slot: number;
  /** The previous packet's values (NaN: missing), the start of the next step's trapezoids. */
  prev: Pick<Sample, "packV" | "packI" | "speed" | "arrayW">;
}

export function createCursor(): WindowCursor {
  return {
    lastTime: -Infinity,
    slot: -1,
    prev: { packV: NaN, packI: NaN, speed: NaN, arrayW: NaN },
  };
}

export function resetCursor(cursor: WindowCursor): void {
  cursor.lastTime = -Infinity;
  cursor.slot = -1;
  cursor.prev.packV = cursor.prev.packI = cursor.prev.speed = cursor.prev.arrayW = NaN;
}

/**
 * Adds one packet to the windows. Returns true when it opened a new minute
 * (the previous one is complete). The step since the previous packet counts
 * in this packet's window, integrated as every running total is
 * (history/integrate.ts: trapezoids, a step over MAX_STEP_SECONDS a gap), so
 * the strategy's pack energy is the lap energy stage's.
 */
export function addSample(w: MinuteWindows, cursor: WindowCursor, s: Sample): boolean {
  if (!Number.isFinite(s.time)) return false;
  if (s.time < cursor.lastTime) return false; // out of order: keep the windows as they are
  const minute = Math.floor(s.time / 60);
  let opened = false;
  if (w.count === 0 || cursor.slot < 0 || w.minute[cursor.slot] !== minute) {
    cursor.slot = openWindow(w, minute);
    opened = true;
  }
  const slot = cursor.slot;
  const dt = s.time - cursor.lastTime;
  cursor.lastTime = s.time;
  if (Number.isFinite(s.soc)) {
    if (Number.isNaN(w.socFirst[slot]!)) w.socFirst[slot] = s.soc;
    w.socLast[slot] = s.soc;
  }
  if (hasFix(s.lat, s.long)) {
    w.lat[slot] = s.lat;
    w.long[slot] = s.long;
  }
  const prev = cursor.prev;
  integrateStep(w, slot, prev, s, dt);
  prev.packV = s.packV;
  prev.packI = s.packI;
  prev.speed = s.speed;
  prev.arrayW = s.arrayW;
  return opened;
}

const known = (p: WindowCursor["prev"]) =>
  Number.isFinite(p.packV) && Number.isFinite(p.packI) && Number.isFinite(p.speed);

/** The step from `a` to `b` into the window at `slot`: only where the pack and the speed are known at both ends. */
function integrateStep(
  w: MinuteWindows,
  slot: number,
  a: WindowCursor["prev"],
  b: Sample,
  dt: number,
): void {
  if (!bridges(dt) || !known(a) || !known(b)) return;
  w.coveredS[slot]! += dt;
  w.packWh[slot]! += trapezoidH(a.packV * a.packI, b.packV * b.packI, dt);
  w.packAh[slot]! += trapezoidH(a.packI, b.packI, dt);
  w.packVs[slot]! += trapezoidH(a.packV, b.packV, dt) * 3600;
  w.arrayWh[slot]! += trapezoidH(a.arrayW, b.arrayW, dt);
  const speed = Math.max(0, b.speed);
  w.distanceM[slot]! += trapezoidH(Math.max(0, a.speed), speed, dt) * 3600;
  if (speed >= MOVING_MPS) w.movingS[slot]! += dt;
}
