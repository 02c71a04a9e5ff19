// Which numeric columns need Float64, and which values a Float32 column can
// hold. Float32 keeps ~7 significant digits and integers exactly only up to
// 2^24 (16,777,216), which is plenty for volts, amps, temperatures and
// percentages (sensor resolution is far coarser), so most columns are Float32
// (4 B). Float64 (8 B) is kept for:
// - TimeStamp: epoch seconds ≈ 1.8e9 → Float32 would step by 128 s;
// - GPS latitude/longitude: Float32 steps by ~0.5 m at ±100°, visible on a track map;
// - Odometer (metres): Float32 drops whole metres past 2^24 m (16,777 km);
// - SerialNumber, TritiumId, ErrorFlags, LimitFlags: 32-bit identifiers and
//   bit fields, which must round-trip exactly;
// - Derived.* power: a product of two Float32-range values (volts × amps) can
//   exceed the Float32 range, never the Float64 one.
//
// Out of range: a finite number beyond ±FLOAT32_MAX (≈ ±3.4e38) would be
// stored as ±Infinity in a Float32 column (once, 1e39 km/h blanked a plot).
// No accepted value may be stored as something else, so we had two choices:
// widen such columns to Float64 or reject the value. We REJECT the packet with
// a reason ("MotorDetails0.VehicleVelocity: 1e+39 is beyond ±3.4e38, the range
// of its 32-bit column"), because:
// - no sensor on the car produces a value near 3.4e38 (the largest real
//   readings are odometer metres and 32-bit flags, which are already Float64);
//   such a value is a corrupt frame, and the packet's other values are suspect too;
// - widening every column would nearly double the history (712 → ~1,300 B per
//   packet, all of the 1.3 KB budget) for values no car sends, and widening a
//   column on first overflow would make the ring's layout change under the
//   plots and the recorder;
// - a rejected packet is counted and its reason shown in Diagnostics, which
//   is what the spec asks of invalid input, while the packets around it stay.
// Values within range lose only digits beyond Float32's ~7 (relative error
// ≤ 6e-8); magnitudes below 1.2e-38 round towards 0 by less than 1.5e-45.
const FLOAT64_PATHS =
  /^(TimeStamp|Telemetry\.GpsLatitude|Telemetry\.GpsLongitude)$|\.(Odometer|SerialNumber|TritiumId|ErrorFlags|LimitFlags)$|^Derived\./;

/** The largest finite Float32, ≈ 3.4028e38. */
export const FLOAT32_MAX = 3.4028234663852886e38;

export function needsFloat64(path: string): boolean {
  return FLOAT64_PATHS.test(path);
}

/** Whether a Float32 column stores `value` as a finite number (not ±Infinity). */
export function fitsFloat32(value: number): boolean {
  return value <= FLOAT32_MAX && value >= -FLOAT32_MAX;
}

export function float32RangeReason(path: string, value: number): string {
  return `${path}: ${value} is beyond ±3.4e38, the range of its 32-bit column`;
}

/**
 * A stage's inputs as the history stores them, in a row of the stage's own:
 * copied from the row the store hands the stages, the Float32 ones rounded. A
 * replay, restore or import reads the rounded values, so the stage computes
 * the same whichever way its history was filled; and the shared row is only
 * read, so what a later stage sees never depends on which stages ran before
 * it (the user's math channels, say).
 */
export class StoredInputs {
  private row = new Float64Array(0);
  private readonly float32: Int32Array;
  private readonly float64: Int32Array;

  /** `fields`: row indices the stage reads; `pathOf`: a field's path (for its precision). */
  constructor(fields: readonly number[], pathOf: (field: number) => string) {
    this.float32 = Int32Array.from(fields.filter((f) => !needsFloat64(pathOf(f))));
    this.float64 = Int32Array.from(fields.filter((f) => needsFloat64(pathOf(f))));
  }

  /** The stage's row, its inputs as stored; its other cells are the stage's own (NaN at first). */
  read(row: Float64Array): Float64Array {
    // Sized like the row it copies, once per history.
    if (this.row.length !== row.length) this.row = new Float64Array(row.length).fill(NaN);
    const own = this.row;
    const f32 = this.float32;
    const f64 = this.float64;
    for (let i = 0; i < f32.length; i++) own[f32[i]!] = Math.fround(row[f32[i]!]!);
    for (let i = 0; i < f64.length; i++) own[f64[i]!] = row[f64[i]!]!;
    return own;
  }
}
