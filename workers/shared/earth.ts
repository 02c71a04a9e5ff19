// The Earth as every position sum here takes it: a sphere of the mean radius
// (6,371 km, as the spec states). One figure, so the map's track, the laps'
// gates and the simulated circuit's coordinates agree to the metre.

/** The Earth's mean radius, m. */
export const EARTH_RADIUS_M = 6_371_000;
