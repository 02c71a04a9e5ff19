// How the ingest benchmarks feed packets: real-shaped packets as the wire's
// JSON text (64 variants, so no single string stays hot), timed in batches
// for about a second per run, and the median of runs. bench:ingest and
// bench:alerts measure the same way, so their figures compare.
import { realisticPacket } from "./realisticPacket";

export const VARIANTS = 64;

/** The variants' JSON text, each packet 0.5 ms after the previous one. */
export function wireTexts(variants = VARIANTS): string[] {
  return Array.from({ length: variants }, (_, i) =>
    JSON.stringify(realisticPacket(i + 1, 1_795_000_000 + i * 0.0005)),
  );
}

/** Packets per second of `step` over the texts, for about `runMs`. */
export function measurePps(
  texts: readonly string[],
  step: (text: string) => void,
  runMs: number,
): number {
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < runMs) {
    for (let k = 0; k < 100; k++) step(texts[(n + k) % texts.length] as string);
    n += 100;
    elapsed = performance.now() - start;
  }
  return (n * 1000) / elapsed;
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
export const perSecond = (pps: number) => `${Math.round(pps).toLocaleString("en-US")} packets/s`;
