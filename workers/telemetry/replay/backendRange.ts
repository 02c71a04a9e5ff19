// Loading a backend range: the backend's packets between two times, streamed
// from /packetsBetween (backendPlayback.ts) into the replay history in their
// order. Apart from ReplayController because it is one fill of the replay
// history, like the local range's (localRange.ts).
import { backendRangeRows } from "../store/capacity";
import { fetchBackendSpan, walkPacketsBetween } from "./backendPlayback";
import type { ReplayFill } from "./ReplayHistory";
import { SecondOrder } from "./secondOrder";

/** Fills the replay with the backend's packets from `from` to `to`, at most `capacity` rows. */
export function backendRangeFill(
  url: string,
  from: number,
  to: number,
  capacity: number,
  fetchImpl: typeof fetch | undefined,
): ReplayFill {
  return async (reserve, progress, signal) => {
    const span = await fetchBackendSpan(url, fetchImpl, { signal });
    if (!span.ok) throw new Error(span.message);
    // The range's size is known only as it streams in: a store for the car's
    // rate over the range, moved to one twice as large whenever it fills (up
    // to the live capacity), so no row of the range is dropped.
    let store = reserve(backendRangeRows(from, to, capacity));
    // Within a second the answer's order is arbitrary: SecondOrder restores it.
    const order = new SecondOrder((packets) => {
      for (const packet of packets) {
        if (store.ring.length === store.ring.capacity) store = reserve(store.ring.capacity * 2);
        store.ingest(packet, "REPLAY");
      }
    });
    await walkPacketsBetween({
      baseUrl: url,
      from,
      to,
      generation: span.generation,
      fetchImpl,
      signal,
      onPackets: (packets) => order.push(packets),
      onProgress: (fraction) => progress(store.ring.length, fraction),
    }).finally(() => order.flush());
    if (store.ring.length > 0) return;
    const { rejected, recentRejections } = store.counters();
    if (rejected === 0) throw new Error("The backend holds no packets in this range.");
    // Every packet failed: say so, rather than only counting them.
    throw new Error(
      `Nothing was replayed: none of the backend's ${rejected.toLocaleString("en-US")} ` +
        `packets in this range passed validation (${recentRejections.at(-1)?.reason ?? "?"}).`,
    );
  };
}
