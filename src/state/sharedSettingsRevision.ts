// Settings the core holds for every window that an editor shows from its own
// read (the alert rules, math channels and strategy forms): when another
// window changes one, its revision moves here and the open editor reads the
// core's again, so a save from here never writes back an older copy.
import { proxy } from "valtio";

export const sharedSettingsRevision = proxy({ alertRules: 0, mathChannels: 0, strategy: 0 });
