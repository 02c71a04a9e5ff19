// The one facade over the telemetry core: it owns this window's line to the
// core (create, restart, leave) and the Comlink proxy. React code uses the
// hooks in this folder, never Comlink.wrap directly.
//
// Two ways to host the core (docs/architecture.md "Several windows, one core"):
// "shared", one core in a SharedWorker for every window of the app, which
// this window joins with its hello (presence lock or beats, ports to the
// storage and poll reader SharedWorkers); or "own", a dedicated worker with
// this window's own core (no SharedWorker, or ?sharedCore=0). Leaving a shared core never
// stops it for the other windows: the last window out stops it.
import * as Comlink from "comlink";
import type { WorkerConfig } from "../../workers/contract/config";
import type { TelemetryApi, WorkerEvent } from "../../workers/contract/telemetryApi";
import type {
  CoreHosting,
  CoreStarted,
  HelperKind,
  HelperName,
  WindowHello,
} from "../../workers/contract/windows";
import { CORES_CHANNEL, FIRST_CORE_NAME, HELPER_NAMES } from "../../workers/shared/workerNames";
import { BEAT_EVERY_MS } from "../../workers/shared/windowBeats";

type EventListener = (event: WorkerEvent) => void;

interface TelemetryClientOptions {
  /** Default "own" (a dedicated worker). */
  hosting?: CoreHosting;
  /** ?coreStorage=inline: a measuring switch, IndexedDB on the shared core's thread. */
  coreStorage?: "inline";
  /**
   * The shared core's script did not load (a browser without module
   * SharedWorkers, a failed fetch): the page then starts again with a core
   * of its own rather than wait for ever (createTelemetry.ts).
   */
  onSharedCoreFailed?: () => void;
  /** The shared core's SharedWorker name (coreName.ts); default the first. */
  coreName?: string;
}

/** randomUUID needs a secure context; a page served over plain http on the LAN has none. */
function newWindowId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function")
    return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The lock a window holds for its life (the core is granted it once the window is gone). */
function presenceLockName(id: string): string {
  return `helios-window-${id}`;
}

export class TelemetryClient {
  readonly hosting: CoreHosting;
  /** The shared core this window joins, by its SharedWorker name. */
  readonly coreName: string;
  private worker: Worker | null = null;
  /**
   * This window's SharedWorkers (the core and its helpers): held, so that
   * they count this window as theirs for as long as it is joined.
   */
  private readonly connections: SharedWorker[] = [];
  private remoteApi: Comlink.Remote<TelemetryApi> | null = null;
  private readonly listeners = new Set<EventListener>();
  private readonly spawnListeners = new Set<() => void>();
  private config: Partial<WorkerConfig>;
  private readonly coreStorage: "inline" | undefined;
  private readonly onSharedCoreFailed: (() => void) | undefined;
  /** One per window life: a reload is a new window. */
  private readonly windowId = newWindowId();
  private presenceAsked = false;
  /** Beats to the shared core where this page cannot hold a Web Lock (see WindowHello.beats). */
  private beating: ReturnType<typeof setInterval> | null = null;
  private dispatch: ((events: WorkerEvent[]) => void) | null = null;
  /** The helper SharedWorkers this window connected to last, by their names. */
  private helperNames: Record<HelperKind, string> = { ...HELPER_NAMES };
  /** Ends this line's wait for the core's life lock (coreLock). */
  private lifeWatch: AbortController | null = null;
  private readonly goneListeners = new Set<() => void>();

  constructor(config: Partial<WorkerConfig>, options: TelemetryClientOptions = {}) {
    this.config = config;
    this.hosting = options.hosting ?? "own";
    this.coreStorage = options.coreStorage;
    this.onSharedCoreFailed = options.onSharedCoreFailed;
    this.coreName = options.coreName ?? FIRST_CORE_NAME;
    if (this.hosting === "shared") this.leaveWithPage();
  }

  /**
   * Hears when the shared core this window joined is gone (the browser
   * granted this window its life lock: the core's tab crashed or was killed).
   * Never for a busy core, which still holds it.
   */
  onCoreGone(listener: () => void): () => void {
    this.goneListeners.add(listener);
    return () => this.goneListeners.delete(listener);
  }

  /**
   * Hears when a shared core of another name starts (another window
   * replaced the one this window joined, which hung): `listener` gets its name.
   */
  onOtherCore(listener: (name: string) => void): () => void {
    if (this.hosting !== "shared" || typeof BroadcastChannel !== "function") return () => undefined;
    const channel = new BroadcastChannel(CORES_CHANNEL);
    channel.onmessage = (event: MessageEvent<CoreStarted>) => {
      const started = event.data?.started;
      if (typeof started === "string" && started !== this.coreName) listener(started);
    };
    return () => channel.close();
  }

  /** The core's API for this window; joins the core on first use. */
  get api(): Comlink.Remote<TelemetryApi> {
    if (!this.remoteApi) this.spawn();
    return this.remoteApi!;
  }

  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A line on which the core answers series batches for this window's view
   * (for the render worker, which stays per window, so live plots refresh
   * without the main thread): `connect` gets a MessagePort now and a fresh
   * one after every restart.
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
   * Join again with new settings. An own core starts afresh (history empty);
   * a shared core serving other windows keeps running with its settings
   * (only the first window's start them). The live store needs no reset: a
   * core asked for changes since a sequence number beyond its own answers
   * with every field.
   */
  restart(config: Partial<WorkerConfig> = this.config): void {
    this.terminate();
    this.config = config;
    this.spawn();
  }

  /**
   * This window lets go of its core: an own core's worker is terminated; a
   * shared core only loses this window (the last window out stops it).
   */
  terminate(): void {
    if (this.remoteApi) {
      if (this.hosting === "shared") void this.remoteApi.stop().catch(() => undefined);
      this.remoteApi[Comlink.releaseProxy]();
    }
    this.worker?.terminate();
    this.worker = null;
    this.lifeWatch?.abort();
    this.lifeWatch = null;
    if (this.beating !== null) clearInterval(this.beating);
    this.beating = null;
    this.connections.splice(0);
    this.remoteApi = null;
  }

  private spawn(): void {
    // One long-lived proxied callback; the core batches what it sends here.
    this.dispatch = (events: WorkerEvent[]) => {
      for (const event of events) {
        if (event.type === "helper") this.connectHelper(event);
        for (const listener of this.listeners) listener(event);
      }
    };
    const dispatch = Comlink.proxy(this.dispatch);
    if (this.hosting === "shared") this.joinShared(dispatch);
    else {
      this.worker = new Worker(
        new URL("../../workers/telemetry/telemetry.worker.ts", import.meta.url),
        { type: "module", name: "telemetry" },
      );
      this.remoteApi = Comlink.wrap<TelemetryApi>(this.worker);
      void this.remoteApi.start(this.config, dispatch, {
        id: this.windowId,
        lockName: presenceLockName(this.windowId),
      });
    }
    for (const listener of this.spawnListeners) listener();
  }

  /**
   * Whether a shared core answers on a new line, asked when this window's
   * line has gone silent: "answers" means the line is dead while a core
   * lives (the one this window joined died with the tab whose process ran
   * it, and the browser started a new one, or another window did); "no
   * answer" means the core is busy (the new line waits behind the old one).
   * An own core has no second line: "no answer".
   */
  async probeCore(timeoutMs: number): Promise<"answers" | "no answer"> {
    if (this.hosting !== "shared") return "no answer";
    const probe = sharedCoreWorker(this.coreName);
    const api = Comlink.wrap<TelemetryApi>(probe.port);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = await Promise.race([
      api.beat().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    api[Comlink.releaseProxy]();
    probe.port.close();
    return answered ? "answers" : "no answer";
  }

  /**
   * The shared core uses the helper SharedWorker `name` (it replaced one that
   * stopped answering): this window connects to it, so it lives as long as
   * any window does, and hands the core its port (the first one it takes).
   */
  private connectHelper({ kind, name }: HelperName): void {
    if (this.hosting !== "shared" || !this.remoteApi || this.helperNames[kind] === name) return;
    const helper = helperWorker(kind, name);
    this.connections.push(helper);
    this.helperNames[kind] = name;
    void this.remoteApi
      .helperPort(kind, name, Comlink.transfer(helper.port, [helper.port]))
      .catch(() => undefined);
  }

  /** Waits for the shared core's life lock: granted once the core is gone. */
  private watchCoreLife(api: Comlink.Remote<TelemetryApi>): void {
    const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
    if (!locks) return; // no Web Locks (plain http on a LAN): its silence tells (coreWatch.ts)
    const watch = new AbortController();
    this.lifeWatch = watch;
    void api
      .coreLock()
      .then((name) => {
        if (name === null || watch.signal.aborted) return;
        return locks.request(name, { signal: watch.signal }, () => {
          if (!watch.signal.aborted) for (const listener of this.goneListeners) listener();
        });
      })
      .catch(() => undefined);
  }

  private joinShared(dispatch: (events: WorkerEvent[]) => void): void {
    const core = sharedCoreWorker(this.coreName);
    // Fired only when the script cannot be loaded: errors inside a running
    // shared worker are not reported to its windows.
    core.addEventListener("error", () => this.onSharedCoreFailed?.(), { once: true });
    // Every window connects to both helpers: each lives while any window does,
    // so the core keeps its storage and poll reader when its first window closes.
    this.helperNames = { ...HELPER_NAMES };
    const storage = helperWorker("storage", HELPER_NAMES.storage);
    const pollReader = helperWorker("pollReader", HELPER_NAMES.pollReader);
    this.connections.splice(0, Infinity, core, storage, pollReader);
    const api = Comlink.wrap<TelemetryApi>(core.port);
    this.remoteApi = api;
    const hello: WindowHello = {
      ...this.presence(),
      storagePort: storage.port,
      pollReaderPort: pollReader.port,
      ...(this.coreStorage ? { coreStorage: this.coreStorage } : {}),
    };
    // The core asks for the presence lock to learn that this window is gone;
    // it waits until it sees this window's request (WindowRoster), so the
    // start need not wait for the grant: the core's first answers are a
    // started core's.
    this.holdPresence(hello.lockName);
    void api.start(this.config, dispatch, Comlink.transfer(hello, [storage.port, pollReader.port]));
    this.watchCoreLife(api);
    if (hello.beats) this.beating = setInterval(() => void this.beat(), BEAT_EVERY_MS);
  }

  /** Who this window is to the core, and how it shows it lives: a Web Lock, or beats without one. */
  private presence(): WindowHello {
    const id = this.windowId;
    const hasLocks = typeof navigator !== "undefined" && navigator.locks !== undefined;
    return { id, lockName: presenceLockName(id), ...(hasLocks ? {} : { beats: true }) };
  }

  /** A beat; a window the core took for gone (silent too long, e.g. a frozen tab) joins again. */
  private async beat(): Promise<void> {
    const counted = await this.remoteApi?.beat().catch(() => true);
    if (counted === false) this.joinAgain();
  }

  /** Joins the shared core again with the same core line (the helpers' ports are the core's already). */
  private joinAgain(): void {
    if (!this.remoteApi || !this.dispatch) return;
    void this.remoteApi.start(this.config, Comlink.proxy(this.dispatch), this.presence());
  }

  /** Hold this window's presence lock for its life (granted at once: the name is the window's). */
  private holdPresence(name: string): void {
    const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
    if (!locks || this.presenceAsked) return;
    this.presenceAsked = true;
    void locks.request(name, () => new Promise<never>(() => undefined)).catch(() => undefined);
  }

  /**
   * A closing page leaves the shared core at once (the presence lock catches
   * a killed tab); a page restored from the back-forward cache joins again.
   */
  private leaveWithPage(): void {
    if (typeof window === "undefined") return;
    window.addEventListener("pagehide", () => void this.remoteApi?.stop().catch(() => undefined));
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) this.joinAgain();
    });
  }
}

/** A line to the shared core `name` (the browser starts it when none runs under that name). */
function sharedCoreWorker(name: string): SharedWorker {
  return new SharedWorker(
    new URL("../../workers/telemetry/sharedCore.worker.ts", import.meta.url),
    { type: "module", name },
  );
}

/** A line to a helper SharedWorker by its name (the browser starts it when none runs under that name). */
function helperWorker(kind: HelperKind, name: string): SharedWorker {
  // Each written out whole: the bundler finds a worker's script by `new SharedWorker(new URL(…))`.
  if (kind === "storage")
    return new SharedWorker(new URL("../../workers/storage/storage.worker.ts", import.meta.url), {
      type: "module",
      name,
    });
  return new SharedWorker(
    new URL("../../workers/poll-reader/pollReader.worker.ts", import.meta.url),
    { type: "module", name },
  );
}

/**
 * Where this window's core runs: shared by every window where the browser
 * has SharedWorker, unless ?sharedCore=0 asks for a core of its own (the
 * fallback, also what a browser without SharedWorker gets, and a window
 * whose shared core's script failed to load: `sharedCoreFailed`).
 */
export function hostingFor(
  search: string,
  hasSharedWorker = typeof SharedWorker === "function",
  sharedCoreFailed = false,
): CoreHosting {
  return hasSharedWorker &&
    !sharedCoreFailed &&
    new URLSearchParams(search).get("sharedCore") !== "0"
    ? "shared"
    : "own";
}
