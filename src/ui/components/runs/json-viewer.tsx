import { useId, useMemo, useState } from 'react';
import './runs.css';
import { ChevronRight } from 'lucide-react';
import { previewJson } from './json-preview.ts';
import { CopyButton } from './copy-button.tsx';

interface JsonViewerProps {
  /** 'Input', 'Output': names the toggle, the region and the copy button. */
  label: string;
  value: unknown;
}

/**
 * A step's input or output: a toggle button (aria-expanded, aria-controls) over the pretty-printed JSON,
 * with a one-line summary while collapsed and a copy button. Large values start collapsed. The text is a
 * <pre>, so it can be selected, searched in the page and read line by line.
 */
export function JsonViewer({ label, value }: JsonViewerProps) {
  const preview = useMemo(() => previewJson(value), [value]);
  const [open, setOpen] = useState(!preview.large);
  const bodyId = useId();

  return (
    <div className="json-viewer">
      <div className="json-viewer-head">
        <button type="button" className="json-viewer-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          <ChevronRight className="json-viewer-chevron" width={14} height={14} aria-hidden="true" />
          <span className="json-viewer-label">{label}</span>
          {open ? null : <span className="json-viewer-summary">{preview.summary}</span>}
        </button>
        <CopyButton text={preview.text} label={`Copy ${label.toLowerCase()}`} />
      </div>
      <pre id={bodyId} className="json-viewer-body" hidden={!open} tabIndex={open ? 0 : undefined}>
        {open ? preview.text : null}
      </pre>
    </div>
  );
}
