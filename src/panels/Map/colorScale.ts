// The trail's colour ramp: values binned into a few colours (one polyline per
// colour keeps the draw cheap), blue = low, red = high.

export const RAMP = [
  "#2b83ba",
  "#4fa4b4",
  "#80c4a9",
  "#b3dfa3",
  "#e0f3a0",
  "#fee08b",
  "#fdb863",
  "#f4874f",
  "#e0523a",
  "#c51b2a",
] as const;

/** The ramp index for a value; NaN or an empty range → the middle. */
export function binOf(value: number, min: number | null, max: number | null): number {
  if (!Number.isFinite(value) || min === null || max === null) return Math.floor(RAMP.length / 2);
  if (max <= min) return Math.floor(RAMP.length / 2);
  const f = (value - min) / (max - min);
  return Math.min(RAMP.length - 1, Math.max(0, Math.floor(f * RAMP.length)));
}

/**
 * Degrees that one screen pixel spans at a zoom level and latitude (Web
 * Mercator): the world's 360° of longitude span 256 · 2^zoom pixels, and a
 * pixel there covers cos(lat) as many degrees of latitude. No Earth radius:
 * the projection's pixels are fractions of the world, whatever its size.
 */
export function degreesPerPixel(zoom: number, lat: number): number {
  return (360 * Math.cos((lat * Math.PI) / 180)) / 2 ** (zoom + 8);
}
