// The playback clock: a position in packet time (epoch seconds) that moves at
// `speed` × real time while playing, clamped to [start, end]; at the end it pauses.
export const SPEEDS = [0.5, 1, 2, 5, 10, 20, 50, 100] as const;

export class PlaybackClock {
  position: number | null = null;
  start: number | null = null;
  end: number | null = null;
  playing = false;
  speed = 1;
  private lastTick: number | null = null;

  constructor(private readonly now: () => number) {}

  setRange(start: number, end: number): void {
    this.start = start;
    this.end = Math.max(start, end);
    this.position = start;
    this.lastTick = null;
  }

  clear(): void {
    this.position = this.start = this.end = null;
    this.playing = false;
    this.lastTick = null;
  }

  setPlaying(on: boolean): void {
    if (on && this.position !== null && this.end !== null && this.position >= this.end)
      this.position = this.start; // play at the end starts over
    this.playing = on && this.position !== null;
    this.lastTick = this.playing ? this.now() : null;
  }

  setSpeed(speed: number): void {
    if (Number.isFinite(speed)) this.speed = Math.min(100, Math.max(0.5, speed));
  }

  seek(time: number): number | null {
    if (this.start === null || this.end === null || !Number.isFinite(time)) return this.position;
    this.position = Math.min(this.end, Math.max(this.start, time));
    if (this.playing) this.lastTick = this.now();
    return this.position;
  }

  /** Advances by the real time since the last tick; returns the new position. */
  tick(): number | null {
    if (!this.playing || this.position === null || this.end === null) return this.position;
    const now = this.now();
    const elapsed = this.lastTick === null ? 0 : (now - this.lastTick) / 1000;
    this.lastTick = now;
    this.position = Math.min(this.end, this.position + elapsed * this.speed);
    if (this.position >= this.end) this.playing = false;
    return this.position;
  }
}
