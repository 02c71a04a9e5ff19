// One long-polling GET, its whole body handed on in one buffer: the part of
// the backend link that runs in the poll reader worker
// (workers/poll-reader/pollReader.worker.ts) in the browser, and on the
// telemetry worker's own thread where there is no Worker (Node, the
// integration tests).

import type { PollReply, PollRequest } from "../../contract/pollReaderProtocol";
import { isRedirect, NO_REDIRECT, redirectRefused } from "../backendRedirect";

export type { PollReply, PollRequest };

/**
 * GET `request.url` and reply with its whole body (or why it failed). The
 * buffer is the reply's own: a worker transfers it rather than copying.
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
    // One message per answer, not one per chunk as the bytes arrive: each
    // chunk woke the shared core and was decoded on its own, and an answer
    // cannot be parsed before its end anyway. At 2,000 packets/s in two
    // windows the core then spent ~45 ms/s less, and the windows' latency
    // p95 fell by ~30 ms (bench/RESULTS.md, "One message per poll").
    const body = await response.arrayBuffer();
    reply({ id, body }, [body]);
  } catch (error) {
    reply({ id, failed: error instanceof Error ? error.message : String(error) });
  }
}
