// The password prompt behind the map's "Set finish line here".
import { Dialog, DialogBody } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { FinishLineForm } from "./FinishLineForm";
import { finishLinePrompt } from "../../actions/finishLineActions";

export function FinishLineDialog() {
  const { open, lat, long } = useSnapshot(finishLinePrompt);
  return (
    <Dialog
      isOpen={open}
      onClose={() => (finishLinePrompt.open = false)}
      title="Set finish line here"
      icon="flag"
    >
      <DialogBody>
        {/* Remounted per opening: a fresh form, no password left from before. */}
        {open && (
          <FinishLineForm
            key={`${lat},${long}`}
            initialLat={lat}
            initialLong={long}
            autoFocusPassword
          />
        )}
      </DialogBody>
    </Dialog>
  );
}
