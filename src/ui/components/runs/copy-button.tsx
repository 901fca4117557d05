import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';

/** Copies `text`; the icon turns into a tick for a moment so the click visibly did something. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success('Copied to clipboard');
    } catch {
      // no clipboard permission (or an insecure origin): say so instead of failing silently
      toast.error('Could not copy. Select the text and copy it instead.');
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <button type="button" className="icon-button icon-button-sm" aria-label={label} title={label} onClick={() => void copy()}>
      <Icon width={14} height={14} aria-hidden="true" />
    </button>
  );
}
