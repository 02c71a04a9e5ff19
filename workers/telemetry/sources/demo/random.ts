// Seedable PRNG so the simulated car is reproducible: same seed, same drive.

/** mulberry32: tiny, fast, good enough statistical quality for a simulation. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A slowly wandering value in [min, max] (mean-reverting random walk). */
export class Drift {
  constructor(
    private value: number,
    private readonly min: number,
    private readonly max: number,
    /** Standard step size per sqrt(second). */
    private readonly volatility: number,
  ) {}

  get current(): number {
    return this.value;
  }

  step(random: () => number, dtSeconds: number): number {
    const mid = (this.min + this.max) / 2;
    const pull = (mid - this.value) * 0.02 * dtSeconds;
    const kick = (random() * 2 - 1) * this.volatility * Math.sqrt(dtSeconds);
    this.value = clamp(this.value + pull + kick, this.min, this.max);
    return this.value;
  }
}

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Value rounded to a fixed number of decimals, like a sensor's resolution. */
export const quantise = (v: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};
