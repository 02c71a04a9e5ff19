// The one facade over the telemetry worker: it owns the Worker's life (create,
// restart, terminate) and the Comlink proxy. React code uses the hooks in this
// folder, never Comlink.wrap directly.
import * as Comlink from "comlink";
import type { WorkerConfig } from "../../workers/contract/config";
import type { TelemetryApi, WorkerEvent } from "../../workers/contract/telemetryApi";

export type EventListener = (event: WorkerEvent) => void;

export class TelemetryClient {
  private worker: Worker | null = null;
  private remoteApi: Comlink.Remote<TelemetryApi> | null = null;
  private readonly listeners = new Set<EventListener>();
  private readonly spawnListeners = new Set<() => void>();
  private config: Partial<WorkerConfig>;

  constructor(config: Partial<WorkerConfig>) {
    this.config = config;
  }

  /** The worker's API; starts the worker on first use. */
  get api(): Comlink.Remote<TelemetryApi> {
    if (!this.remoteApi) this.spawn();
    return this.remoteApi!;
  }

  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A line on which the telemetry worker answers series batches (for the
   * render worker, so live plots refresh without the main thread): `connect`
   * gets a MessagePort now and a fresh one after every restart.
   */
  servePlots(connect: (port: MessagePort) => void): () => void {
    const serve = (): void => {
      const channel = new MessageChannel();
      void this.api.servePlots(Comlink.transfer(channel.port1, [channel.port1]));
      connect(channel.port2);
    };
    serve();
    this.spawnListeners.add(serve);
    return () => this.spawnListeners.delete(serve);
  }

  /**
   * Start a fresh worker with new settings (history starts empty). The live
   * store needs no reset: a worker asked for changes since a sequence number
   * beyond its own answers with every field.
   */
  restart(config: Partial<WorkerConfig> = this.config): void {
    this.terminate();
    this.config = config;
    this.spawn();
  }

  terminate(): void {
    if (this.remoteApi) this.remoteApi[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.remoteApi = null;
  }

  private spawn(): void {
    this.worker = new Worker(
      new URL("../../workers/telemetry/telemetry.worker.ts", import.meta.url),
      {
        type: "module",
        name: "telemetry",
      },
    );
    this.remoteApi = Comlink.wrap<TelemetryApi>(this.worker);
    // One long-lived proxied callback; the worker batches what it sends here.
    const dispatch = Comlink.proxy((events: WorkerEvent[]) => {
      for (const event of events) for (const listener of this.listeners) listener(event);
    });
    void this.remoteApi.start(this.config, dispatch);
    for (const listener of this.spawnListeners) listener();
  }
}
