// The core's own settings (WorkerConfig): the first window's at each start,
// then each change a window makes. The shared ones (the source, the backend's
// address and upgrade, the recording switch) change through the shared-setting
// desk, the one way every shared setting changes, features' included; the
// demo's rate is the core's alone. What a new value sets going (a new address
// forgets what was known of the old backend) runs only when the value moved.
import type { WorkerConfig } from "../../contract/config";
import type { ConnectionType } from "../../contract/fields";
import type { SharedSettings } from "../../contract/windows";
import type { SourceSwitch } from "../sources/SourceSwitch";
import { DEFAULT_CONFIG, isConnectionType, resolveConfig } from "./config";
import type { CoreViewer } from "./coreTypes";
import type { SharedSettingDesk } from "./sharedSettingDesk";

interface CoreSettingsDeps {
  readonly shared: SharedSettingDesk;
  sources(): SourceSwitch;
  connectionType(): ConnectionType;
  /** The backend's address moved: what was known of the old one goes, its laps are fetched. */
  backendMoved(): void;
  /** The recording switch was set: the recording follows it (where this core may record). */
  recordingSet(): void;
}

export class CoreSettings {
  value: WorkerConfig = DEFAULT_CONFIG;

  constructor(private readonly deps: CoreSettingsDeps) {}

  /** A start: the starting window's settings, and the finish line it saved. */
  start(config: Partial<WorkerConfig>): void {
    this.value = resolveConfig(config);
    this.deps.shared.line = this.value.lapCoords;
  }

  /** The core's part of the plain shared settings (TelemetryApi.sharedSettings). */
  plain(): SharedSettings {
    const { backendUrl, recording, webSocketUpgrade } = this.value;
    const connectionType = this.deps.connectionType();
    return { connectionType, backendUrl, recording, webSocketUpgrade, sectorLines: [] };
  }

  setConnectionType(type: ConnectionType, from?: CoreViewer): void {
    if (!isConnectionType(type)) return;
    const { shared, sources, connectionType } = this.deps;
    shared.change("source", from, connectionType, () => sources().choose(type));
  }

  setWebSocketUpgrade(on: boolean, from?: CoreViewer): void {
    if (typeof on !== "boolean") return;
    this.deps.shared.change(
      "backend",
      from,
      () => this.value.webSocketUpgrade,
      () => this.set({ webSocketUpgrade: on }),
      () => this.deps.sources().network.setUpgrade(on),
    );
  }

  setBackendUrl(url: string, from?: CoreViewer): void {
    if (typeof url !== "string" || url.trim() === "") return;
    this.deps.shared.change(
      "backend",
      from,
      () => this.value.backendUrl,
      () => this.set({ backendUrl: url.trim() }),
      () => {
        this.deps.sources().setBackendUrl(this.value.backendUrl);
        this.deps.backendMoved();
      },
    );
  }

  setRecording(on: boolean, from?: CoreViewer): void {
    if (typeof on !== "boolean") return;
    this.deps.shared.change(
      "recording",
      from,
      () => this.value.recording,
      () => {
        this.set({ recording: on });
        this.deps.recordingSet();
      },
    );
  }

  setDemoRate(packetsPerSecond: number): void {
    this.value = resolveConfig({ ...this.value, demoRate: packetsPerSecond });
    this.deps.sources().demo.setRate(this.value.demoRate);
  }

  private set(patch: Partial<WorkerConfig>): void {
    this.value = { ...this.value, ...patch };
  }
}
