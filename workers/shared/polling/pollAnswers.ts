// One long-polling GET, its body handed on as it arrives: the part of the
// backend link that runs in the poll reader worker (workers/poll-reader/pollReader.worker.ts) in the
// browser, and on the telemetry worker's own thread where there is no Worker
// (Node, the integration tests).

import type { PollReply, PollRequest } from "../../contract/pollReaderProtocol";
import { isRedirect, NO_REDIRECT, redirectRefused } from "../backendRedirect";

export type { PollReply, PollRequest };

/**
 * GET `request.url` and reply with the body's chunks as they arrive, then the
 * end (or why it failed). Each chunk's buffer is the reply's own: a worker
 * transfers it rather than copying.
 */
export async function readPoll(
  request: PollRequest,
  reply: (message: PollReply, transfer?: ArrayBuffer[]) => void,
): Promise<void> {
  const { id } = request;
  try {
    const response = await fetch(request.url, {
      credentials: request.credentials,
      ...NO_REDIRECT,
    });
    if (isRedirect(response)) {
      void response.body?.cancel().catch(() => undefined);
      reply({ id, failed: redirectRefused(request.url, response) });
      return;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      reply({
        id,
        failed: `the backend answered a poll with HTTP ${response.status}`,
        status: response.status,
      });
      return;
    }
    const reader = response.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const chunk = ownBuffer(value);
      reply({ id, chunk }, [chunk]);
    }
    reply({ id, end: true });
  } catch (error) {
    reply({ id, failed: error instanceof Error ? error.message : String(error) });
  }
}

/** The chunk's bytes in a buffer of their own (a stream's chunk may be a view on a larger one). */
function ownBuffer(view: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = view;
  if (byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer)
    return buffer;
  return buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer;
}
