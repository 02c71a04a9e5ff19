// What bench:ingest measures, behind one small interface: the stores with and
// without the registered stages, the stages, and where their columns sit.
// bench/compareBuilds.ts runs this checkout's bench scripts against an older
// build too, and builds before the column layout came from the registry
// (16c175f and earlier: schema/derivedFields.ts, pipeline/stages.ts) name
// these differently; the older names are looked up by a path held in a
// variable, so this checkout type-checks without them.
import type { Stage } from "../workers/telemetry/pipeline/Stage";
import { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";

export interface IngestTarget {
  /** A store running every registered stage; its stage events go to `onStageEvent`. */
  store(onStageEvent: () => void): TelemetryStore;
  /** The same store with no stage. */
  bare(): TelemetryStore;
  stages: readonly Stage[];
  storedNumericFields: readonly string[];
  columnIndex(path: string): number | undefined;
  createState(stage: Stage): unknown;
}

interface LayoutLike {
  stages: readonly Stage[];
  storedNumericFields: readonly string[];
  stageColumnIndex(path: string): number | undefined;
}

const load = (path: string): Promise<Record<string, unknown>> =>
  import(/* @vite-ignore */ path) as Promise<Record<string, unknown>>;

export async function ingestTarget(): Promise<IngestTarget> {
  const features = await load("../workers/telemetry/features").catch(() => null);
  const layout = features?.LAYOUT as LayoutLike | undefined;
  if (layout) {
    // Stores are typed by this checkout; an older build's take no layout.
    const Store = TelemetryStore as unknown as new (o: object) => TelemetryStore;
    return {
      store: (onStageEvent) => new Store({ layout, onStageEvent }),
      bare: () => new Store({ layout, stages: [] }),
      stages: layout.stages,
      storedNumericFields: layout.storedNumericFields,
      columnIndex: (path) => layout.stageColumnIndex(path),
      createState: (stage) => (stage.createState as (fields: unknown) => unknown)(layout),
    };
  }
  const { STAGES } = (await load("../workers/telemetry/pipeline/stages")) as {
    STAGES: readonly Stage[];
  };
  const derived = (await load("../workers/telemetry/schema/derivedFields")) as {
    STORED_NUMERIC_FIELDS: readonly string[];
    stageColumnIndex(path: string): number | undefined;
  };
  const Store = TelemetryStore as unknown as new (o: object) => TelemetryStore;
  return {
    store: (onStageEvent) => new Store({ onStageEvent }),
    bare: () => new Store({ stages: [] }),
    stages: STAGES,
    storedNumericFields: derived.STORED_NUMERIC_FIELDS,
    columnIndex: (path) => derived.stageColumnIndex(path),
    createState: (stage) => (stage.createState as () => unknown)(),
  };
}
