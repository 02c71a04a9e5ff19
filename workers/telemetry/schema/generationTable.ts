// The generation table compiled for the edges: which generation a packet shows
// (one key check per packet for the newest generation, one more per older
// one), the packet with its wire names made internal (only the renamed groups
// are copied; a packet that needs no rename is handed on as it came), and the
// internal name of a CSV column. Built once per table, nothing per packet.
import { fieldInfo } from "./fields";
import { BACKEND_GENERATIONS, type GenerationEntry } from "./generations";

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null;

/** One object of the packet whose leaves a generation renames: its keys from the root, and leaf renames. */
interface RenamedGroup {
  path: readonly string[];
  renames: ReadonlyMap<string, string>;
}

export interface Generation {
  readonly name: GenerationEntry["name"];
  /** The wire path that shows it (the evidence diagnostics cites). */
  readonly recognisedBy: string;
  /** recognisedBy as keys from the packet root, looked up without splitting per packet. */
  readonly marker: readonly string[];
  /** Wire → internal, and internal → wire (the feed server speaks every generation). */
  readonly toInternal: readonly RenamedGroup[];
  readonly toWire: readonly RenamedGroup[];
}

export class GenerationTable {
  /** Oldest first, as listed. */
  readonly generations: readonly Generation[];
  private readonly newestFirst: readonly Generation[];
  /** Every generation's wire paths that differ, → the internal path (CSV headers). */
  private readonly internalPaths = new Map<string, string>();

  constructor(entries: readonly GenerationEntry[]) {
    this.generations = entries.map((entry) => this.compile(entry));
    this.newestFirst = [...this.generations].reverse();
  }

  /** The generation whose spelling the packet shows, newest first; null when none (or not an object). */
  recognise(packet: unknown): Generation | null {
    const list = this.newestFirst;
    for (let i = 0; i < list.length; i++) if (hasPath(packet, list[i]!.marker)) return list[i]!;
    return null;
  }

  /** The packet with `generation`'s wire names made internal (the same object when none differ). */
  toInternal(packet: unknown, generation: Generation | null): unknown {
    if (generation === null || generation.toInternal.length === 0 || !isObj(packet)) return packet;
    return renameGroups(packet, generation.toInternal);
  }

  /** An internal packet in the wire spelling of the generation named `name`. */
  toWire<T extends object>(packet: T, name: Generation["name"]): T {
    const generation = this.generations.find((g) => g.name === name);
    if (!generation || generation.toWire.length === 0) return packet;
    return renameGroups(packet as Obj, generation.toWire) as T;
  }

  /** A dotted field path as some generation spells it → the internal path (unchanged if internal). */
  internalPath(wirePath: string): string {
    return this.internalPaths.get(wirePath) ?? wirePath;
  }

  private compile(entry: GenerationEntry): Generation {
    const inward = new Map<string, Map<string, string>>();
    const outward = new Map<string, Map<string, string>>();
    for (const [wire, internal] of Object.entries(entry.renames)) {
      const [group, wireLeaf] = splitPath(wire);
      const [internalGroup, internalLeaf] = splitPath(internal);
      if (group !== internalGroup || !fieldInfo(internal) || wireLeaf === "__proto__")
        throw new Error(`Generation ${entry.name}: cannot rename ${wire} to ${internal}`);
      const known = this.internalPaths.get(wire);
      if (known !== undefined && known !== internal)
        throw new Error(`Generation ${entry.name}: ${wire} already means ${known}`);
      this.internalPaths.set(wire, internal);
      addRename(inward, group, wireLeaf, internalLeaf);
      addRename(outward, group, internalLeaf, wireLeaf);
    }
    return {
      name: entry.name,
      recognisedBy: entry.recognisedBy,
      marker: entry.recognisedBy.split("."),
      toInternal: groupsOf(inward),
      toWire: groupsOf(outward),
    };
  }
}

/** The table every edge uses. */
export const GENERATION_TABLE = new GenerationTable(BACKEND_GENERATIONS);

function splitPath(path: string): [group: string, leaf: string] {
  const dot = path.lastIndexOf(".");
  return [path.slice(0, Math.max(0, dot)), path.slice(dot + 1)];
}

function addRename(
  groups: Map<string, Map<string, string>>,
  group: string,
  from: string,
  to: string,
) {
  const renames = groups.get(group) ?? new Map<string, string>();
  renames.set(from, to);
  groups.set(group, renames);
}

function groupsOf(groups: Map<string, Map<string, string>>): RenamedGroup[] {
  return [...groups].map(([group, renames]) => ({
    path: group === "" ? [] : group.split("."),
    renames,
  }));
}

function hasPath(packet: unknown, keys: readonly string[]): boolean {
  let at = packet;
  const last = keys.length - 1;
  for (let i = 0; i < last; i++) {
    if (!isObj(at)) return false;
    at = at[keys[i]!];
  }
  return isObj(at) && keys[last]! in at;
}

/** A copy of the packet down each renamed group, the groups' leaves renamed; the rest shared. */
function renameGroups(packet: Obj, groups: readonly RenamedGroup[]): Obj {
  let root: Obj = { ...packet };
  for (const { path, renames } of groups) {
    if (path.length === 0) {
      root = renamedLeaves(root, renames);
      continue;
    }
    let holder = root;
    for (let depth = 0; depth < path.length; depth++) {
      const key = path[depth]!;
      const child = holder[key];
      if (!isObj(child)) break; // validation will say what is missing
      const copy = depth === path.length - 1 ? renamedLeaves(child, renames) : { ...child };
      holder[key] = copy;
      holder = copy;
    }
  }
  return root;
}

/** The group with its renamed leaves under their new names; a leaf already under the new name wins. */
function renamedLeaves(group: Obj, renames: ReadonlyMap<string, string>): Obj {
  const out: Obj = {};
  for (const key in group) {
    // Not a field: assigning it would set the copy's prototype.
    if (key === "__proto__") continue;
    const to = renames.get(key);
    if (to === undefined) out[key] = group[key];
    else if (!(to in group)) out[to] = group[key];
  }
  return out;
}
