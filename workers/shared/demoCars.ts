// The simulated cars the DEMO source can drive (?demoCar=linear), listed here
// so the page can check the parameter and the worker start the car, without
// the page importing the simulator (workers/telemetry/sources/demo/cars.ts
// holds their physics).
import type { DemoCar } from "../contract/config";

export const DEMO_CARS: readonly DemoCar[] = ["light", "linear"];
