// Rebuilds the nested packet of one CSV row quickly: the objects that hold
// leaves (B3, BatteryFaults, BatteryFaults.Errors, …) are planned once from
// the header, so a row costs one fresh object per holder and one store per cell.
import type { ColumnBinding } from "./csvHeader";

type Obj = Record<string, unknown>;

export class PacketBuilder {
  /** Per holder (index 0 = the packet root): its parent holder and key. */
  private readonly holders: { parent: number; key: string }[] = [{ parent: -1, key: "" }];
  /** Per binding: the holder its leaf goes into. */
  private readonly holderOf: Int32Array;
  private readonly keys: string[];

  constructor(bindings: readonly ColumnBinding[]) {
    const ids = new Map<string, number>([["", 0]]);
    const holderFor = (parents: readonly string[]): number => {
      const id = parents.join(".");
      let index = ids.get(id);
      if (index === undefined) {
        const parent = holderFor(parents.slice(0, -1));
        index = this.holders.length;
        this.holders.push({ parent, key: parents[parents.length - 1]! });
        ids.set(id, index);
      }
      return index;
    };
    this.holderOf = Int32Array.from(bindings.map((b) => holderFor(b.parents)));
    this.keys = bindings.map((b) => b.key);
  }

  /** A fresh packet root and its holder objects (parents come before children). */
  begin(): { root: Obj; holders: Obj[] } {
    const holders: Obj[] = new Array<Obj>(this.holders.length);
    holders[0] = {};
    for (let h = 1; h < this.holders.length; h++) {
      const obj: Obj = {};
      const plan = this.holders[h]!;
      holders[plan.parent]![plan.key] = obj;
      holders[h] = obj;
    }
    return { root: holders[0], holders };
  }

  set(holders: Obj[], binding: number, value: unknown): void {
    holders[this.holderOf[binding]!]![this.keys[binding]!] = value;
  }
}
