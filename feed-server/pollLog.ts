// When each long-polling GET reached the feed server and when its answer went
// out: what a benchmark needs to see how long packets wait at the backend
// between one answer and the browser's next GET. Observes only.
import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";

export interface PollTiming {
  sid: string;
  /** performance.now() ms when the GET arrived. */
  arrivedMs: number;
  /** performance.now() ms when its answer was handed to the network. */
  answeredMs: number;
}

/** Log every long-polling GET of an open session until the returned stop. */
export function watchPolls(http: HttpServer): { timings: PollTiming[]; stop(): void } {
  const timings: PollTiming[] = [];
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== "GET" || !request.url?.includes("transport=polling")) return;
    const sid = new URL(request.url, "http://feed").searchParams.get("sid");
    if (sid === null) return; // the handshake
    const arrivedMs = performance.now();
    response.once("finish", () => timings.push({ sid, arrivedMs, answeredMs: performance.now() }));
  };
  http.on("request", onRequest);
  return { timings, stop: () => void http.off("request", onRequest) };
}

/**
 * The browser's turnaround, ms: from an answer's going out to the next GET's
 * arrival in the same session, while packets wait at the backend.
 */
export function pollTurnarounds(timings: readonly PollTiming[]): number[] {
  const bySid = new Map<string, PollTiming[]>();
  for (const t of timings) {
    const polls = bySid.get(t.sid);
    if (polls) polls.push(t);
    else bySid.set(t.sid, [t]);
  }
  const out: number[] = [];
  for (const polls of bySid.values()) {
    polls.sort((a, b) => a.arrivedMs - b.arrivedMs);
    for (let i = 1; i < polls.length; i++) out.push(polls[i]!.arrivedMs - polls[i - 1]!.answeredMs);
  }
  return out;
}
