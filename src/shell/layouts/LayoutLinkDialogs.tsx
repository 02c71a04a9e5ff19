// Layouts that come in the address: a shared link ("#layout=…") asks before
// it replaces this window's layout; a window opened by New window with a
// layout ("#use-layout=<id>") opens it at once (its opener chose it). Either
// is read once the window knows its name (its own settings are loaded by
// then), and taken out of the address, so a reload does not ask again. Also
// the dialog that shows a link to share.
import { Button, Dialog, DialogBody, DialogFooter, InputGroup } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { addLayouts, findLayout } from "../../state/layouts/layoutLibrary";
import { hasLayoutFragment, readLayoutFragment } from "../../state/layouts/layoutLink";
import { windowIdentity } from "../../state/windowName";
import { appState } from "../../state/appState";
import { OPEN_WITH_LAYOUT } from "../../actions/windowActions";
import { WINDOW_LABELS } from "../../state/plotLayout/plotLayout";
import { notify } from "../notifications/notificationCenter";
import { TABS } from "../navbar/tabs";
import { layoutDialogs } from "./layoutDialogs";
import { useOpenLayout } from "./useOpenLayout";

const USE_LAYOUT = "use-layout";

/** The fragment a new window opens with to show a saved or built-in layout. */
export const useLayoutFragment = (id: string): string => `${USE_LAYOUT}=${encodeURIComponent(id)}`;

function takeHash(): string {
  const hash = window.location.hash;
  if (hash) {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${search}`);
  }
  return hash;
}

/** Reads the layout in the address when the window is ready, and whenever the fragment changes. */
function useLayoutInAddress() {
  const { settled } = useSnapshot(windowIdentity);
  // After the loading screen too: the question is asked where it can be seen.
  const { displayLoading } = useSnapshot(appState);
  const ready = settled && !displayLoading;
  const openLayout = useOpenLayout();
  useEffect(() => {
    if (!ready) return;
    const read = async () => {
      const hash = takeHash();
      const id = new URLSearchParams(hash.replace(/^#/, "")).get(OPEN_WITH_LAYOUT);
      if (id !== null) {
        const layout = findLayout(id);
        if (layout) openLayout(layout);
        else
          notify({
            title: "Layout not found",
            message: "The layout this window was opened with was deleted.",
            intent: "warning",
          });
        return;
      }
      if (!hasLayoutFragment(hash)) return;
      const result = await readLayoutFragment(hash);
      if (!result) return;
      if (result.ok) layoutDialogs.fromLink = result.layouts[0] ?? null;
      else notify({ title: "Layout link not opened", message: result.error, intent: "danger" });
    };
    void read();
    const onHash = () => void read();
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [ready, openLayout]);
}

export function LayoutLinkDialogs() {
  useLayoutInAddress();
  const { fromLink, link } = useSnapshot(layoutDialogs);
  const openLayout = useOpenLayout();
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [link]);
  const accept = () => {
    const layout = layoutDialogs.fromLink;
    layoutDialogs.fromLink = null;
    if (!layout) return;
    try {
      const [saved] = addLayouts([layout]);
      if (saved) openLayout(saved);
    } catch (error) {
      notify({
        title: "Layout not opened",
        message: String((error as Error).message),
        intent: "danger",
      });
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link ?? "");
      setCopied(true);
    } catch {
      setCopied(false); // not allowed here: the link stays selected to copy by hand
    }
  };
  const plots = fromLink?.workspace.plots;
  const tab = TABS.find((t) => t.id === fromLink?.workspace.tab)?.title ?? "Overview";
  return (
    <>
      <Dialog
        isOpen={fromLink !== null}
        onClose={() => (layoutDialogs.fromLink = null)}
        title="Open a layout from a link?"
        icon="page-layout"
      >
        <DialogBody>
          <p>
            The link brings the layout <strong>“{fromLink?.name}”</strong>: the {tab} tab,{" "}
            {plots?.plots.length ?? 0} plots over {plots ? WINDOW_LABELS[plots.window] : ""}, and
            its map view.
          </p>
          <p>
            Opening it replaces this window's layout. It is added to your saved layouts, so yours
            can be opened again from the layout menu.
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Keep mine" onClick={() => (layoutDialogs.fromLink = null)} />
              <Button intent="primary" text="Open layout" onClick={accept} autoFocus />
            </>
          }
        />
      </Dialog>
      <Dialog
        isOpen={link !== null}
        onClose={() => (layoutDialogs.link = null)}
        title="Share this layout"
        icon="link"
      >
        <DialogBody>
          <p>
            Whoever opens this link is asked before their layout is replaced. It holds the layout
            only: no backend address, key or password.
          </p>
          <InputGroup
            readOnly
            value={link ?? ""}
            aria-label="Layout link"
            data-testid="layout-link"
            onFocus={(event) => event.currentTarget.select()}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Close" onClick={() => (layoutDialogs.link = null)} />
              <Button
                intent="primary"
                icon={copied ? "tick" : "duplicate"}
                text={copied ? "Copied" : "Copy link"}
                onClick={() => void copy()}
              />
            </>
          }
        />
      </Dialog>
    </>
  );
}
