// What a GPS reading means, for every thread that reads positions. The car's
// GPS reports (0, 0) while it has no fix (off the coast of Africa, where no
// solar car drives), and a value outside ±90°/±180° or NaN is no position at
// all: none of them is a place the car was.

/** Whether (lat, long) is a position the car was at: a fix, not (0, 0) nor out of range nor NaN. */
export const hasFix = (lat: number, long: number): boolean =>
  !(lat === 0 && long === 0) && Math.abs(lat) <= 90 && Math.abs(long) <= 180;
