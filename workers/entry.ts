// The telemetry worker: build the service and expose it. All logic lives in
// TelemetryService so that tests run it without a Worker.
import * as Comlink from "comlink";
import { TelemetryService } from "./TelemetryService";

Comlink.expose(new TelemetryService());
