// Live packets that arrive while the recorded day is restored into the live
// history (TelemetryStore.beginRestore). The restore appends the day oldest
// first, a slice at a time; a live packet stored between two slices would sit
// in the middle of the morning. So each one is checked as usual and held here,
// as its typed row (never the packet object: a 316-field object costs many
// times its 1.3 kB row), and stored after the day, in arrival order. The
// bound keeps a restore under a flood (thousands of packets a second) from
// holding more than about 26 MB; packets past it are rejected with a reason.

/** Held packets at most: about 33 minutes at 10 packets/s, 10 s at 2,000/s. */
export const HELD_PACKETS_MAX = 20_000;
const BLOCK_ROWS = 1024;

export class HeldPackets {
  private readonly blocks: { nums: Float64Array; bits: Uint32Array }[] = [];
  private readonly strings: string[][] = [];
  private count = 0;

  constructor(
    private readonly numbers: number,
    private readonly words: number,
    readonly max = HELD_PACKETS_MAX,
  ) {}

  get length(): number {
    return this.count;
  }

  /** Copies a checked row in; false when the bound is reached (nothing held). */
  push(nums: Float64Array, bits: Uint32Array, strs: readonly string[]): boolean {
    if (this.count >= this.max) return false;
    const at = this.count % BLOCK_ROWS;
    if (at === 0)
      this.blocks.push({
        nums: new Float64Array(BLOCK_ROWS * this.numbers),
        bits: new Uint32Array(BLOCK_ROWS * this.words),
      });
    const block = this.blocks[this.blocks.length - 1]!;
    block.nums.set(nums.subarray(0, this.numbers), at * this.numbers);
    block.bits.set(bits.subarray(0, this.words), at * this.words);
    this.strings.push([...strs]);
    this.count++;
    return true;
  }

  /** Hands every held row to `store`, oldest first (the views are reused: copy what you keep). */
  drain(store: (nums: Float64Array, bits: Uint32Array, strs: readonly string[]) => void): void {
    for (let i = 0; i < this.count; i++) {
      const block = this.blocks[Math.floor(i / BLOCK_ROWS)]!;
      const at = i % BLOCK_ROWS;
      store(
        block.nums.subarray(at * this.numbers, (at + 1) * this.numbers),
        block.bits.subarray(at * this.words, (at + 1) * this.words),
        this.strings[i]!,
      );
    }
    this.blocks.length = 0;
    this.strings.length = 0;
    this.count = 0;
  }
}
