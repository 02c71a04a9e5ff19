// Muting a rule does not move the alerts' version (the log is unchanged), so
// whoever mutes (a toast's button) says so here and the Alerts tab reads the
// muted rules again.
import { proxy } from "valtio";

export const alertMutes = proxy({ revision: 0 });

export function alertMutesChanged(): void {
  alertMutes.revision++;
}
