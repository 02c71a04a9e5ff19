// The file input behind an "Import…" button: hidden, opened by the button's
// click (through `inputRef`), handing over the one file chosen. Its value is
// cleared at once, so choosing the same file again is a new choice.
import type { RefObject } from "react";

export function HiddenFileInput(props: {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  testId: string;
  onFile: (file: File) => void;
}) {
  const { inputRef, accept, testId, onFile } = props;
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      hidden
      data-testid={testId}
      onChange={(event) => {
        const chosen = event.currentTarget.files?.[0];
        event.currentTarget.value = "";
        if (chosen) onFile(chosen);
      }}
    />
  );
}
