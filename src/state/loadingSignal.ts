// The spec's `loading` flag. In NETWORK it is true while the socket is not
// connected, in RADIO while the radio is not connected; in DEMO the link does
// not decide it. Whenever it becomes true it is forced off 5 s later. It starts
// true: the app is trying the backend, and with no backend the 5 s run out and
// the demo shows.
import type { ConnectionType } from "../../workers/contract/fields";
import { OneShot, type Clock } from "./clock";

const LOADING_FORCED_OFF_MS = 5000;

interface LinkState {
  connectionType: ConnectionType;
  socketConnected: boolean;
  radioConnected: boolean;
}

/** What the link says about loading; `current` is kept where it says nothing (DEMO). */
export function loadingForLink(link: LinkState, current: boolean): boolean {
  switch (link.connectionType) {
    case "NETWORK":
      return !link.socketConnected;
    case "RADIO":
      return !link.radioConnected;
    case "DEMO":
      return current;
  }
}

const linkKey = (link: LinkState) =>
  `${link.connectionType}/${link.socketConnected}/${link.radioConnected}`;

export class LoadingSignal {
  private value = true;
  private lastLinkKey: string | null = null;
  private readonly forcedOff: OneShot;

  constructor(
    clock: Clock,
    private readonly onChange: (loading: boolean) => void,
  ) {
    this.forcedOff = new OneShot(clock);
  }

  get loading(): boolean {
    return this.value;
  }

  /** Begin in the loading state with the 5 s limit running. */
  start(): void {
    this.forcedOff.arm(LOADING_FORCED_OFF_MS, () => this.set(false));
  }

  /**
   * Feed every connection state; only a change of type or link re-evaluates, so
   * a latency update cannot bring back a loading screen that was forced off.
   */
  updateLink(link: LinkState): void {
    const key = linkKey(link);
    if (key === this.lastLinkKey) return;
    this.lastLinkKey = key;
    this.set(loadingForLink(link, this.value));
  }

  dispose(): void {
    this.forcedOff.cancel();
  }

  private set(next: boolean): void {
    if (next === this.value) return;
    this.value = next;
    if (next) this.forcedOff.arm(LOADING_FORCED_OFF_MS, () => this.set(false));
    else this.forcedOff.cancel();
    this.onChange(next);
  }
}
