// One window of a shared core (sharedCore.worker.ts): a TelemetryService that
// tells the roster who the window is (presence lock or beats, helper ports)
// before it joins, so that the core leaves it when the window is gone and
// reaches its helper threads through the ports the window brought.
import type { WorkerConfig } from "../../contract/config";
import type { WorkerEventListener } from "../../contract/telemetryApi";
import type { HelperKind, WindowHello } from "../../contract/windows";
import { TelemetryService } from "../TelemetryService";
import type { TelemetryCore } from "./TelemetryCore";
import type { Beats, WindowRoster } from "./windowRoster";

export class RosterWindow extends TelemetryService {
  constructor(
    private readonly sharedCore: TelemetryCore,
    private readonly roster: WindowRoster,
  ) {
    super(sharedCore);
  }

  /** This join's beats, when the window holds no presence lock. */
  private beats: Beats | null = null;

  override start(
    config: Partial<WorkerConfig>,
    onEvents: WorkerEventListener,
    hello?: WindowHello,
  ): void {
    // A join again (a frozen tab's) first leaves, which forgets the old beats.
    if (this.started) this.stop();
    if (hello && typeof hello === "object")
      this.beats = this.roster.greet(hello, !this.sharedCore.running, () => this.stop());
    super.start(config, onEvents, hello);
    // Helpers the core replaced before this window came: it connects to them too.
    for (const helper of this.roster.replaced())
      this.send({ type: "helper", lost: false, ...helper });
  }

  override helperPort(kind: HelperKind, name: string, port: MessagePort): void {
    if ((kind === "storage" || kind === "pollReader") && port instanceof MessagePort)
      this.roster.take(kind, String(name), port);
  }

  override stop(): void {
    this.beats?.forget();
    this.beats = null;
    super.stop();
  }

  override beat(): boolean {
    const here = super.beat();
    if (here) this.beats?.beat();
    return here;
  }
}
