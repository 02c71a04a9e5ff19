// What bench:ingest measures, behind one small interface: the stores with and
// without the registered stages, the stages, and where their columns sit.
// bench/compareBuilds.ts runs this checkout's bench scripts against an older
// build too, and builds before the column layout came from the registry
// (16c175f and earlier: schema/derivedFields.ts, pipeline/stages.ts) name
// these differently, and builds before the ingest stages (7f06a95: the store
// in workers/store/, derived power computed inside its ingest) have none. Every
// module is looked up by a path held in a variable (bench/loadModule.ts), so
// this checkout type-checks without the older ones and this file loads in
// their trees.
import type { Stage } from "../workers/telemetry/pipeline/Stage";
import type { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { load, loadFirst } from "./loadModule";

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

// Stores are typed by this checkout; an older build's take other options.
type StoreClass = new (o?: object) => TelemetryStore;

export async function ingestTarget(): Promise<IngestTarget> {
  const [store, storeAt] = await loadFirst(
    "../workers/telemetry/store/TelemetryStore",
    "../workers/store/TelemetryStore",
  );
  const Store = store.TelemetryStore as StoreClass;
  if (storeAt === 1) return beforeStages(Store);
  const features = await load("../workers/telemetry/features").catch(() => null);
  const layout = features?.LAYOUT as LayoutLike | undefined;
  if (layout) {
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
  return {
    store: (onStageEvent) => new Store({ onStageEvent }),
    bare: () => new Store({ stages: [] }),
    stages: STAGES,
    storedNumericFields: derived.STORED_NUMERIC_FIELDS,
    columnIndex: (path) => derived.stageColumnIndex(path),
    createState: (stage) => (stage.createState as () => unknown)(),
  };
}

/** A build from before the ingest stages (7f06a95): one store, no stages. */
function beforeStages(Store: StoreClass): IngestTarget {
  return {
    // No stages, so no stage events.
    store: () => new Store(),
    // Nothing to remove: its "no stages" figure is its ingest.
    bare: () => new Store(),
    stages: [],
    // Asked only of a stage's columns.
    storedNumericFields: [],
    columnIndex: () => undefined,
    createState: () => undefined,
  };
}
