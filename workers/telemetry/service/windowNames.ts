// The names of the windows on one core ("Window 1", "Window 2", …), so a pit
// wall's screens can be told apart and each keeps its own plot layout and
// map view (saved under its name). The core hands them out: two windows never
// hold the same name, even a duplicated tab that brings its original's saved
// name along. A name is free again once its window leaves.
import { isWindowName } from "../../shared/windowNaming";

export class WindowNames<Holder> {
  private readonly held = new Map<Holder, string>();

  /**
   * The name for `holder`: the one it wants (its saved name, kept across
   * reloads) when no other window holds it, else the lowest free "Window N".
   * A holder that claims again gives up its previous name.
   */
  claim(holder: Holder, wanted: string | null): string {
    this.held.delete(holder);
    const taken = new Set(this.held.values());
    let name = isWindowName(wanted) ? wanted : null;
    if (name === null || taken.has(name)) {
      let n = 1;
      while (taken.has(`Window ${n}`)) n++; // at most one more than the names held
      name = `Window ${n}`;
    }
    this.held.set(holder, name);
    return name;
  }

  /** The window left (said goodbye, or its lock told the core it is gone). */
  release(holder: Holder): void {
    this.held.delete(holder);
  }

  get size(): number {
    return this.held.size;
  }
}
