// The alerts' part in one window's replay (pipeline/Feature.ts, ReplayPart):
// the replay's own log (ReplayAlerts.ts), fed from what the replay controller
// says it loads. A session shows the alerts it recorded; a local range those
// its sessions recorded; a backend range or an import, where nothing was
// recorded, the current rules evaluated over the loaded history.
import type { ReplayContext, ReplayLoad, ReplayPart } from "../pipeline/Feature";
import type { CompiledRules } from "./compile";
import { ReplayAlerts } from "./ReplayAlerts";
import { historyAlerts, rangeEvents, sessionAlerts } from "./replayAlertSources";

export class AlertsReplay extends ReplayAlerts implements ReplayPart {
  /** `rules`: the rules in force (the live part's), compiled, for an evaluation. */
  constructor(
    private readonly replay: ReplayContext,
    rules: () => CompiledRules,
  ) {
    super(rules);
  }

  load(what: ReplayLoad): void {
    const sessions = this.replay.sessions();
    if (what.kind === "session")
      void this.use(sessionAlerts(sessions, what.id, what.info, this.replay.store().layout));
    else if (what.kind === "local-range") {
      const { from, to } = what;
      void this.use(historyAlerts(this.replay, () => rangeEvents(sessions, from, to)));
    } else void this.use(historyAlerts(this.replay, null));
  }

  /** The rules were set (the core tells each replay's part): an evaluated log is evaluated again. */
  settingChanged(): void {
    this.rulesChanged();
  }

  dispose(): void {
    this.clear();
  }
}
