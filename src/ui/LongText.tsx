// A car string in a bounded box: ellipsis when it does not fit (CSS), at most
// SHOWN_CHARS characters in the DOM, and the whole string on hover or focus.
// Always rendered as text, never as markup.
import { Popover } from "@blueprintjs/core";
import { SHOWN_CHARS, truncateText } from "./format/truncateText";
import "./longText.css";

export function LongText({ text, max = SHOWN_CHARS }: { text: string; max?: number }) {
  if (text.length <= max)
    // Short enough for a title attribute; the CSS ellipsis may still cut it.
    return (
      <span className="helios-long-text" title={text}>
        {text}
      </span>
    );
  return (
    // The whole string is rendered only while the popover is open.
    <Popover
      interactionKind="hover"
      hoverOpenDelay={200}
      placement="bottom-start"
      content={<div className="helios-long-text-full">{text}</div>}
      renderTarget={({ isOpen, ...targetProps }) => (
        <span
          {...targetProps}
          className={`helios-long-text ${targetProps.className ?? ""}`}
          tabIndex={0}
          data-long-text-open={isOpen}
        >
          {truncateText(text, max)}
        </span>
      )}
    />
  );
}
