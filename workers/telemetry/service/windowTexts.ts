// What the core tells the user about the other windows of the app, in words
// (issue 38). Kept here so tests and the UI's checks read the same text.

/** An own core whose window does not hold the recorder lock (no SharedWorker, several windows). */
export const NOT_RECORDER_TEXT =
  "Another window of this app records the car; this window does not record. " +
  "Close that window and this one takes over the recording.";

/** The window that attached the radio closed: its serial port closed with it. */
export const RADIO_WINDOW_GONE_TEXT =
  "The radio's window closed: connect the radio again from any window.";
