// Which layout menu or dialog is open: the navbar's menus, the `n` key and
// the dialogs share it.
import { proxy } from "valtio";
import type { NamedLayout } from "../../state/layouts/layoutSchema";

/** "save": save this window's workspace under a new name; "rename": a saved layout. */
export type NameDialog = { mode: "save" } | { mode: "rename"; id: string; name: string };

export const layoutDialogs = proxy({
  /** The New window menu (it offers the layouts to open with). */
  newWindow: false,
  name: null as NameDialog | null,
  /** The link to share: shown to copy. */
  link: null as string | null,
  /** A layout that came in a link, waiting for the user to open it or not. */
  fromLink: null as NamedLayout | null,
  /** Why a layout link could not be opened. */
  linkProblem: null as string | null,
});
