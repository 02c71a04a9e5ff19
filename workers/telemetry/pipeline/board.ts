// What one feature offers the others of its core. Features import no other
// feature (the layer rules): what one publishes for another goes on the
// core's board under a key declared in the ground, which types it. The core
// makes one board per core and names no key.

/** A key of the board: its name, and (for the compiler only) the type of its value. */
export interface BoardKey<T> {
  readonly name: string;
  /** Never set: it carries T. */
  readonly value?: (value: T) => T;
}

export const boardKey = <T>(name: string): BoardKey<T> => ({ name });

export class Board {
  private readonly values = new Map<string, unknown>();

  /** Sets what `key` reads from now on (a new value, not a changed one: readers may keep the old). */
  put<T>(key: BoardKey<T>, value: T): void {
    this.values.set(key.name, value);
  }

  /** What was put under `key`; undefined when nothing was. */
  read<T>(key: BoardKey<T>): T | undefined {
    return this.values.get(key.name) as T | undefined;
  }
}
