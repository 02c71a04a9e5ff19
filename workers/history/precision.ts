// Which numeric columns need Float64. Float32 keeps ~7 significant digits and
// integers exactly only up to 2^24 (16,777,216), which is plenty for volts,
// amps, temperatures and percentages (sensor resolution is far coarser), so
// most columns are Float32 (4 B). Float64 (8 B) is kept for:
// - TimeStamp: epoch seconds ≈ 1.8e9 → Float32 would step by 128 s;
// - GPS latitude/longitude: Float32 steps by ~0.5 m at ±100°, visible on a track map;
// - Odometer (metres): Float32 drops whole metres past 2^24 m (16,777 km);
// - SerialNumber, TritiumId, ErrorFlags, LimitFlags: 32-bit identifiers and
//   bit fields, which must round-trip exactly.
const FLOAT64_PATHS =
  /^(TimeStamp|Telemetry\.GpsLatitude|Telemetry\.GpsLongitude)$|\.(Odometer|SerialNumber|TritiumId|ErrorFlags|LimitFlags)$/;

export function needsFloat64(path: string): boolean {
  return FLOAT64_PATHS.test(path);
}
