// The poll reader channel: the telemetry worker asks the poll reader worker
// (workers/poll-reader/pollReader.worker.ts) for one long-polling GET at a
// time and hears its whole body back in one transferred buffer. Fire-and-forget
// typed messages, matched by id.

/** Asked of the reader: GET this URL (the transport's cache-busting URI). */
export interface PollRequest {
  id: number;
  url: string;
  credentials: RequestCredentials;
}

/** What the reader sends back for a request: its body's bytes, or why it failed. */
export type PollReply =
  { id: number; body: ArrayBuffer } | { id: number; failed: string; status?: number };
