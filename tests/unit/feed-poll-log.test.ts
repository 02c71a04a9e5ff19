// The feed server's long-poll log (feed-server/pollLog.ts), which the browser
// benchmark reads the browser's turnaround from: each session's GETs in
// order, the handshake left out, against a real HTTP server on 127.0.0.1.
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { pollTurnarounds, watchPolls } from "../../feed-server/pollLog";

describe("the feed server's poll log", () => {
  it("measures from each answer going out to the same session's next GET", () => {
    const timings = [
      { sid: "a", arrivedMs: 0, answeredMs: 10 },
      { sid: "b", arrivedMs: 5, answeredMs: 50 },
      { sid: "a", arrivedMs: 14, answeredMs: 30 },
      { sid: "a", arrivedMs: 37, answeredMs: 40 },
      { sid: "b", arrivedMs: 70, answeredMs: 80 },
    ];
    expect(pollTurnarounds(timings).sort((x, y) => x - y)).toEqual([4, 7, 20]);
  });

  it("logs the polls of open sessions, not the handshake or other requests", async () => {
    // Each answer goes out at least 5 ms after its GET came, by the clock the
    // log reads: a timer alone may fire sooner, since Node starts it from the
    // event loop's time, which lags behind while the loop is busy (a loaded machine).
    const http = createServer((_request, response) => {
      const came = performance.now();
      const answer = () =>
        performance.now() - came >= 5 ? response.end("ok") : setTimeout(answer, 1);
      answer();
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const { port } = http.address() as { port: number };
    const log = watchPolls(http);
    const base = `http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`;
    for (const url of [base, `${base}&sid=s1`, `${base}&sid=s1`, `http://127.0.0.1:${port}/laps`])
      await (await fetch(url)).text();
    log.stop();
    await (await fetch(`${base}&sid=s1`)).text();
    http.close();
    expect(log.timings.map((t) => t.sid)).toEqual(["s1", "s1"]);
    for (const t of log.timings) expect(t.answeredMs).toBeGreaterThanOrEqual(t.arrivedMs + 4);
    expect(pollTurnarounds(log.timings)).toHaveLength(1);
  });
});
