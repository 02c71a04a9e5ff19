// Name a layout: "Save as" saves this window's workspace under a new name
// (with the app's favourites when asked); "Rename" renames a saved one. A
// name that is empty, too long or taken is said under the box and nothing is saved.
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
} from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { layoutNameProblem, renameLayout, saveLayoutAs } from "../../state/layouts/layoutLibrary";
import { currentWorkspace } from "../../state/layouts/workspace";
import { notify } from "../notifications/notificationCenter";
import { layoutDialogs } from "./layoutDialogs";
import { useShownLayout } from "./LayoutMenu";

export function LayoutNameDialog() {
  const { name: dialog } = useSnapshot(layoutDialogs);
  const shown = useShownLayout();
  const [name, setName] = useState("");
  const [withFavourites, setWithFavourites] = useState(false);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setName(dialog?.mode === "rename" ? dialog.name : "");
    setWithFavourites(false);
    setTried(false);
  }, [dialog]);
  const except = dialog?.mode === "rename" ? dialog.id : null;
  const problem = layoutNameProblem(name, except);
  const close = () => (layoutDialogs.name = null);
  const submit = () => {
    setTried(true);
    if (!dialog || problem) return;
    if (dialog.mode === "rename") renameLayout(dialog.id, name);
    else {
      try {
        saveLayoutAs(name, currentWorkspace(shown.workspace.tab, withFavourites));
      } catch (error) {
        notify({
          title: "Layout not saved",
          message: String((error as Error).message),
          intent: "danger",
        });
        return;
      }
    }
    close();
  };
  const rename = dialog?.mode === "rename";
  return (
    <Dialog
      isOpen={dialog !== null}
      onClose={close}
      title={rename ? "Rename layout" : "Save layout as"}
      icon="page-layout"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <FormGroup
            label="Name"
            labelFor="layout-name"
            intent={tried && problem ? "danger" : "none"}
            helperText={
              tried && problem
                ? problem
                : rename
                  ? undefined
                  : "Saves this window's tab, plots, map view and glance tiles."
            }
          >
            <InputGroup
              id="layout-name"
              autoFocus
              value={name}
              maxLength={80}
              intent={tried && problem ? "danger" : "none"}
              onChange={(event) => setName(event.currentTarget.value)}
            />
          </FormGroup>
          {!rename && (
            <Checkbox
              checked={withFavourites}
              label="Carry my favourites with it (offered when the layout is opened)"
              onChange={(event) => setWithFavourites(event.currentTarget.checked)}
            />
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} />
              <Button type="submit" intent="primary" text={rename ? "Rename" : "Save"} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
