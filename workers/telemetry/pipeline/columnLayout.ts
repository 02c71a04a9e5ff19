// A history's column layout: the packet's numeric columns, then the columns
// of the registered stages in their order. It is built from the registry at
// the top (workers/telemetry/features.ts, or a core's own list of features)
// and handed down: the store and its ring carry it, and everything that
// lists, looks up or plans columns (snapshots, series, CSV, the map, alert
// rules) asks it. So the ground imports no feature, and a feature's stage
// adds columns without an edit outside its folder.
//
// A stage says how its columns are shown (Stage.names): under their own
// labels (the lap energy totals), or through a catalog that names them at
// run time (the math channels' slots). Such a catalog changes while the
// layout lives: ask it, never keep its answers past a change.
import type { FieldInfo, FieldPath } from "../../contract/fields";
import {
  FIELD_CATALOG,
  NUMERIC_FIELDS,
  fieldInfo,
  fieldSlot,
  type FieldSlot,
} from "../schema/fields";
import type { ColumnNames, Stage, StoredFields } from "./Stage";

/** Stage columns shown under their own names: a column is always the same thing. */
class OwnNames implements ColumnNames {
  private readonly byPath = new Map<FieldPath, { index: number; info: FieldInfo }>();
  private readonly byIndex = new Map<number, FieldPath>();
  constructor(columns: readonly FieldInfo[], first: number) {
    columns.forEach((info, k) => {
      this.byPath.set(info.path, { index: first + k, info });
      this.byIndex.set(first + k, info.path);
    });
  }
  infos(): FieldInfo[] {
    return [...this.byPath.values()].map((c) => ({ ...c.info }));
  }
  slotOf(path: FieldPath): FieldSlot | undefined {
    const at = this.byPath.get(path)?.index;
    return at === undefined ? undefined : { kind: "number", index: at };
  }
  infoOf(path: FieldPath): FieldInfo | undefined {
    return this.byPath.get(path)?.info;
  }
  nameAt(field: number): FieldPath | undefined {
    return this.byIndex.get(field);
  }
}

export class ColumnLayout implements StoredFields {
  /** Numeric columns the store keeps: the packet's, then the stages' (by internal name). */
  readonly storedNumericFields: readonly FieldPath[];
  /**
   * Stored numeric index of the first stage column: from here on the ring's
   * columns are lazily allocated (math slots first: stage-order.test.ts).
   */
  readonly lazyFrom = NUMERIC_FIELDS.length;
  /** How the stages' columns are shown, in stage order. */
  private readonly names: readonly ColumnNames[];

  /** `stages`: every registered stage, in the order they run. */
  constructor(readonly stages: readonly Stage[]) {
    const columns = stages.flatMap((stage) => stage.columns.map((info) => info.path));
    this.storedNumericFields = [...NUMERIC_FIELDS, ...columns];
    let first = this.lazyFrom;
    const names: ColumnNames[] = [];
    for (const stage of stages) {
      if (stage.names === "own") names.push(new OwnNames(stage.columns, first));
      else if (stage.names) names.push(stage.names);
      first += stage.columns.length;
    }
    this.names = names;
  }

  /** What the UI can show and plot: the 316 wire fields, then what the stages name. */
  storeCatalog(): FieldInfo[] {
    return [...FIELD_CATALOG, ...this.names.flatMap((n) => n.infos())];
  }

  /** Like fieldSlot, with the stages' shown columns after the packet's. */
  storedFieldSlot(path: FieldPath): FieldSlot | undefined {
    return fieldSlot(path) ?? this.first((n) => n.slotOf(path));
  }

  storedFieldInfo(path: FieldPath): FieldInfo | undefined {
    return fieldInfo(path) ?? this.first((n) => n.infoOf(path));
  }

  /** A stored numeric column's path as the UI knows it; undefined for an unused slot. */
  storedNumericPath(field: number): FieldPath | undefined {
    if (field < this.lazyFrom) return NUMERIC_FIELDS[field];
    return this.first((n) => n.nameAt(field));
  }

  /** A stage's column by its internal name (the pipeline's layout check). */
  stageColumnIndex(path: FieldPath): number | undefined {
    const at = this.storedNumericFields.indexOf(path, this.lazyFrom);
    return at < 0 ? undefined : at;
  }

  private first<T>(ask: (names: ColumnNames) => T | undefined): T | undefined {
    for (const names of this.names) {
      const found = ask(names);
      if (found !== undefined) return found;
    }
    return undefined;
  }
}
