// The beat of a window without Web Locks (WindowHello.beats, over plain http
// on a LAN): the window calls beat() this often and the core takes it for
// gone after this long without one. Written once for both sides: the UI's
// client beats by it, the core's window roster listens by it.

/** How often a window without Web Locks tells the shared core it lives. */
export const BEAT_EVERY_MS = 5_000;
/**
 * How long the core waits for a beat before it takes the window for gone.
 * Long, because a browser may wake a tab hidden for minutes only once a
 * minute (Chromium's intensive throttling); a window taken for gone while it
 * lives joins again at its next beat.
 */
export const BEAT_SILENCE_MS = 150_000;
