// The poll reader channel: the telemetry worker asks the poll reader worker
// (workers/poll-reader/pollReader.worker.ts) for one long-polling GET at a
// time and hears its body back in chunks, buffers transferred. Fire-and-forget
// typed messages, matched by id.

/** Asked of the reader: GET this URL (the transport's cache-busting URI). */
export interface PollRequest {
  id: number;
  url: string;
  credentials: RequestCredentials;
}

/** What the reader sends back for a request, in order: chunks, then one end. */
export type PollReply =
  | { id: number; chunk: ArrayBuffer }
  | { id: number; end: true }
  | { id: number; failed: string; status?: number };
