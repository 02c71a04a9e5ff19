// "Share as a link": this window's layout, compressed into an address's
// fragment, shown in a dialog to copy (the clipboard is not always allowed).
import { layoutLink } from "../../state/layouts/layoutLink";
import type { Workspace } from "../../state/layouts/layoutSchema";
import { layoutDialogs } from "./layoutDialogs";

export async function shareLayoutLink(shown: { name: string; carried: Workspace }): Promise<void> {
  // The app's address without its query: a link opens the layout on the
  // receiver's own connection, and carries no setting of this one.
  const url = new URL(window.location.href);
  url.search = "";
  layoutDialogs.link = await layoutLink(url.toString(), {
    name: shown.name,
    workspace: shown.carried,
  });
}
