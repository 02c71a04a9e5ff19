// Chromium driven over its DevTools pipe with only the few commands the
// browser benchmark needs, and nothing else switched on.
//
// Why not Playwright here: Playwright enables the Network domain on every page
// AND every worker it attaches to, so Chromium reports each WebSocket frame,
// payload included, to the driver. At 2,000 packets/s (4,000 Socket.IO frames
// of ~10 KB with raceInfo) that reporting cost the browser process's main
// thread ~30 % of a core, the driver ~20 %, and slowed the telemetry worker
// (measured with /proc per thread: see bench/RESULTS.md). Users have no
// debugger attached, so the benchmark must not either. This client attaches to
// the page only (no auto-attach to workers, no Network, no Runtime.enable).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium";

type Params = Record<string, unknown>;
interface Message {
  id?: number;
  method?: string;
  params?: Params;
  result?: Params;
  error?: { message: string };
  sessionId?: string;
}

export class PipeBrowser {
  private nextId = 1;
  private readonly waiting = new Map<number, (m: Message) => void>();
  private readonly listeners = new Set<(m: Message) => void>();
  private product = "";

  private constructor(
    private readonly child: ChildProcess,
    private readonly input: Writable,
    output: Readable,
    private readonly profileDir: string,
  ) {
    let buffered = "";
    output.setEncoding("utf8");
    output.on("data", (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf("\0")) >= 0) {
        const message = JSON.parse(buffered.slice(0, end)) as Message;
        buffered = buffered.slice(end + 1);
        if (message.id !== undefined) this.waiting.get(message.id)?.(message);
        else for (const listener of this.listeners) listener(message);
      }
    });
  }

  /** `nice` > 0 starts Chromium at that nice level (bench/slowMachine.ts). */
  static async launch(nice = 0): Promise<PipeBrowser> {
    const profileDir = mkdtempSync(join(tmpdir(), "helios-bench-"));
    const command = [
      findChromium(),
      ...CHROMIUM_ARGS,
      "--remote-debugging-pipe",
      `--user-data-dir=${profileDir}`,
      "about:blank",
    ];
    if (nice > 0) command.unshift("nice", "-n", String(nice));
    const child = spawn(command[0]!, command.slice(1), {
      stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"],
    });
    const browser = new PipeBrowser(
      child,
      child.stdio[3] as Writable,
      child.stdio[4] as Readable,
      profileDir,
    );
    const version = await browser.send("Browser.getVersion");
    browser.product = String(version.product ?? "");
    return browser;
  }

  /** "156.0.8078.79", as Playwright's browser.version() says it. */
  version(): string {
    return this.product.replace(/^[^/]*\//, "");
  }

  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (message) => {
        this.waiting.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result ?? {});
      });
      this.input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  /** Every event named `method` (any session) until the returned function is called. */
  on(method: string, listener: (params: Params, sessionId?: string) => void): () => void {
    const wrapped = (m: Message) => {
      if (m.method === method) listener(m.params ?? {}, m.sessionId);
    };
    this.listeners.add(wrapped);
    return () => this.listeners.delete(wrapped);
  }

  /** The next event named `method` (for the given session, if any). */
  once(method: string, sessionId?: string): Promise<Params> {
    return new Promise((resolve) => {
      const listener = (m: Message) => {
        if (m.method !== method || (sessionId && m.sessionId !== sessionId)) return;
        this.listeners.delete(listener);
        resolve(m.params ?? {});
      };
      this.listeners.add(listener);
    });
  }

  /**
   * A page in a browser context of its own (fresh storage), at `width`×`height`;
   * or, given `sibling`, another tab in the sibling's context (one profile: the
   * two windows of the app share its core).
   */
  async newPage(width: number, height: number, sibling?: PipePage): Promise<PipePage> {
    const browserContextId =
      sibling?.contextId ?? (await this.send("Target.createBrowserContext")).browserContextId;
    const { targetId } = await this.send("Target.createTarget", {
      url: "about:blank",
      browserContextId,
      // A tab beside the sibling's would hide it (no frames in a background
      // tab): two windows side by side, as on a pit wall's two screens.
      ...(sibling ? { newWindow: true } : {}),
    });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const page = new PipePage(
      this,
      String(sessionId),
      String(browserContextId),
      sibling ? String(targetId) : null,
    );
    await page.send("Page.enable"); // lifecycle only; init scripts need it
    await page.send("Emulation.setDeviceMetricsOverride", {
      width,
      height,
      deviceScaleFactor: 1,
      mobile: false,
    });
    return page;
  }

  /** Starts a Chromium trace of every process (the profile mode). */
  async startTracing(categories: readonly string[]): Promise<void> {
    await this.send("Tracing.start", {
      transferMode: "ReturnAsStream",
      traceConfig: { includedCategories: categories },
    });
  }

  /** Stops the trace; its JSON text. */
  async stopTracing(): Promise<string> {
    const complete = this.once("Tracing.tracingComplete");
    await this.send("Tracing.end");
    const { stream } = await complete;
    let text = "";
    for (;;) {
      const chunk = await this.send("IO.read", { handle: stream, size: 1 << 20 });
      text += chunk.base64Encoded
        ? Buffer.from(String(chunk.data), "base64").toString("utf8")
        : String(chunk.data);
      if (chunk.eof) break;
    }
    await this.send("IO.close", { handle: stream });
    return text;
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    await this.send("Browser.close").catch(() => this.child.kill());
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    rmSync(this.profileDir, { recursive: true, force: true });
  }
}

export class PipePage {
  constructor(
    private readonly browser: PipeBrowser,
    readonly sessionId: string,
    readonly contextId: string,
    /** A tab opened in a sibling's context: closing it closes the tab only. */
    private readonly tabTargetId: string | null = null,
  ) {}

  send(method: string, params: Params = {}): Promise<Params> {
    return this.browser.send(method, params, this.sessionId);
  }

  /** Runs `source` (or `fn(arg)`) in every document before its own scripts. */
  async addInitScript<A>(fn: string | ((arg: A) => void), arg?: A): Promise<void> {
    const source = typeof fn === "string" ? fn : `(${fn.toString()})(${JSON.stringify(arg)})`;
    await this.send("Page.addScriptToEvaluateOnNewDocument", { source });
  }

  async goto(url: string): Promise<void> {
    const { errorText } = await this.send("Page.navigate", { url });
    if (errorText) throw new Error(`navigation to ${url} failed: ${String(errorText)}`);
  }

  /** `fn(arg)` in the page (functions must be self-contained), awaited, its value returned. */
  async evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const { result, exceptionDetails } = (await this.send("Runtime.evaluate", {
      // tsx names functions through a helper the page lacks: supply it.
      expression: `globalThis.__name ??= (f) => f; (${fn.toString()})(${arg === undefined ? "" : JSON.stringify(arg)})`,
      returnByValue: true,
      awaitPromise: true,
    })) as {
      result?: { value?: R };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (exceptionDetails)
      throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result?.value as R;
  }

  async waitForSelector(selector: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await this.evaluate((s: string) => document.querySelector(s) !== null, selector))) {
      if (Date.now() > deadline) throw new Error(`${selector} did not appear in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async close(): Promise<void> {
    if (this.tabTargetId !== null) {
      await this.browser.send("Target.closeTarget", { targetId: this.tabTargetId });
      return;
    }
    await this.browser.send("Target.disposeBrowserContext", { browserContextId: this.contextId });
  }
}
