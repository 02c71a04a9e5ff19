// Which source is live, and when each one runs (SPEC §4). The type starts as
// configured (DEMO by default); the user picks another, or a socket or radio
// that connects while in DEMO takes over. The demo runs only while DEMO is
// live; the backend link is kept while it is wanted (configured, or NETWORK
// chosen) even under another type, whose packets then do not count; the radio
// reads a port only while the core runs. One switch per run of the core: its
// three sources are made once, from that run's settings.
import type { WorkerConfig } from "../../contract/config";
import type { ConnectionType } from "../../contract/fields";
import type { LinkPatch, LiveLinks } from "../service/liveLinks";
import { DemoSource } from "./DemoSource";
import { NetworkSource } from "./NetworkSource";
import { RadioSource } from "./RadioSource";
import type { Source } from "./Source";
import type { SourceSink } from "./SourceSink";
import type { Timers } from "./timers";

interface SourceSwitchOptions {
  config: WorkerConfig;
  /** Where the live type is kept (connection state has one home). */
  links: LiveLinks;
  sinkFor(kind: ConnectionType): SourceSink;
  timers: Timers;
  demoSeed: number;
  /** Another type is about to be live (the recorder writes what the old source sent first). */
  switching(from: ConnectionType, to: ConnectionType): void;
  /** The type in force after a start, a choice or a link report. */
  settled(type: ConnectionType): void;
}

export class SourceSwitch {
  readonly demo: DemoSource;
  readonly network: NetworkSource;
  readonly radio: RadioSource;
  private readonly all: readonly Source[];
  private on = false;

  constructor(private readonly options: SourceSwitchOptions) {
    const { config, sinkFor, timers } = options;
    this.demo = new DemoSource(sinkFor("DEMO"), {
      rate: config.demoRate,
      seed: options.demoSeed,
      dayHours: config.demoDayHours,
      clockOffsetMs: config.demoClockOffsetMs,
      car: config.demoCar,
      injections: config.demoInjections,
      timers,
    });
    // The saved finish line, so the simulated car's first lap already ends there.
    if (config.lapCoords) this.demo.setFinishLine(config.lapCoords.lat, config.lapCoords.long);
    this.network = new NetworkSource(sinkFor("NETWORK"), {
      url: config.backendUrl,
      upgrade: config.webSocketUpgrade,
      pingIntervalMs: config.pingIntervalMs,
      timers,
    });
    this.radio = new RadioSource(sinkFor("RADIO"));
    this.all = [this.demo, this.network, this.radio];
  }

  get running(): boolean {
    return this.on;
  }

  get type(): ConnectionType {
    return this.options.links.state.connectionType;
  }

  /** Packets are fetched and shown by NETWORK even if the user starts elsewhere. */
  get wantsBackend(): boolean {
    return this.options.config.connectToBackend || this.type === "NETWORK";
  }

  start(): void {
    this.on = true;
    this.options.links.setType(this.options.config.connectionType);
    this.radio.start();
    this.settle();
    if (this.wantsBackend) this.network.start();
  }

  stop(): void {
    this.on = false;
    for (const source of this.all) source.stop();
  }

  /** The user picks a type. */
  choose(type: ConnectionType): void {
    if (type === this.type) return;
    this.switchTo(type);
    this.settle();
    if (type === "NETWORK" && this.on) this.network.start();
  }

  /** A source reports its links; SPEC §4: a live feed that connects while in DEMO takes over. */
  linksReported(patch: LinkPatch): void {
    this.options.links.apply(patch);
    if (this.type === "DEMO" && patch.socketConnected === true) this.switchTo("NETWORK");
    if (this.type === "DEMO" && patch.radioConnected === true) this.switchTo("RADIO");
    this.settle();
  }

  /** RADIO: the serial stream the main thread opened; ignored while the core is stopped. */
  attachRadio(readable: ReadableStream<Uint8Array>): void {
    if (this.on) void this.radio.attach(readable);
  }

  /** A new backend address; the link is dialled again while it is wanted. */
  setBackendUrl(url: string): void {
    this.network.setUrl(url);
    if (this.on && this.wantsBackend) this.network.start();
  }

  private switchTo(type: ConnectionType): void {
    this.options.switching(this.type, type);
    this.options.links.setType(type); // (another source, another clock)
  }

  /** The demo runs only while DEMO is live. */
  private settle(): void {
    if (this.on && this.type === "DEMO") this.demo.start();
    else this.demo.stop();
    this.options.settled(this.type);
  }
}
