// The car's own packet rate. A race day is counted at it: the live history's
// default capacity (the worker), a demo day's packets (the simulated car) and
// Settings → History's words (the UI).

/** The car's own packet rate, packets/s. */
export const CAR_RATE_HZ = 10;
