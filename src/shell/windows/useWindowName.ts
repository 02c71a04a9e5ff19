// This window's name while other windows share the core, else null; keeps the
// document title in step (windowTitle.ts).
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { windowIdentity } from "../../state/windowName";
import { useLiveStatusPart } from "../../worker-client/hooks";
import { windowTitle } from "./windowTitle";

export function useWindowName(): string | null {
  const { name } = useSnapshot(windowIdentity);
  const count = useLiveStatusPart("windows")?.count ?? 1;
  useEffect(() => {
    document.title = windowTitle(name, count);
  }, [name, count]);
  return count > 1 ? name : null;
}
