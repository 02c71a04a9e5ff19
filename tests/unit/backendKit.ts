// A 2026-01 backend's playback REST in a function, for the backend replay tests.
import { defaultPacket } from "../../workers/telemetry/schema/fields";

export const T0 = 1_795_000_000;

export function packet(i: number) {
  const p = defaultPacket();
  p.TimeStamp = T0 + i;
  p.Battery.PackVoltage = 100 + i;
  return p;
}

/**
 * A 2026-01 backend in a function: `cap` items per answer, inclusive range.
 * `ignoreStart`: answers from the first packet whatever startTime says.
 */
export function oldBackend(
  times: number[],
  cap: number,
  extra: Record<string, unknown> = {},
  { ignoreStart = false } = {},
) {
  const requests: string[] = [];
  const impl: typeof fetch = async (input) => {
    const url = new URL(String(input));
    requests.push(url.pathname + url.search);
    if (url.pathname === "/firstAndLastPacket")
      return Response.json({ firstDate: times[0], lastDate: times.at(-1), message: "OK" });
    const from = ignoreStart ? -Infinity : Number(url.searchParams.get("startTime"));
    const to = Number(url.searchParams.get("endTime"));
    const data = times
      .map((t, i) => ({
        data: extra[i] ?? packet(t - T0),
        id: `p${i}`,
        timestamp: t,
        type: "packet",
      }))
      .filter((item) => item.timestamp >= from && item.timestamp <= to)
      .slice(0, cap);
    return Response.json({ data, message: "OK" });
  };
  return { impl, requests };
}

export async function vi_waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (done()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("timed out");
}
