// One window of a shared core (sharedCore.worker.ts): a TelemetryService that
// tells the roster who the window is (presence lock, helper ports) before it
// joins, so that the core leaves it when the window is gone and reaches its
// helper threads through the ports the window brought.
import type { WorkerConfig } from "../../contract/config";
import type { WorkerEventListener } from "../../contract/telemetryApi";
import type { WindowHello } from "../../contract/windows";
import { TelemetryService } from "../TelemetryService";
import type { TelemetryCore } from "./TelemetryCore";
import type { WindowRoster } from "./windowRoster";

export class RosterWindow extends TelemetryService {
  constructor(
    private readonly sharedCore: TelemetryCore,
    private readonly roster: WindowRoster,
  ) {
    super(sharedCore);
  }

  override start(
    config: Partial<WorkerConfig>,
    onEvents: WorkerEventListener,
    hello?: WindowHello,
  ): void {
    if (hello && typeof hello === "object")
      this.roster.greet(hello, !this.sharedCore.running, () => this.stop());
    super.start(config, onEvents, hello);
  }
}
