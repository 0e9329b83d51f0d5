import { useState } from 'react';
import { toast } from '@bullpen/shared';
import { Button } from './button';

/** Copies `text` to the clipboard and says so; a refused clipboard becomes a warning toast. */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
}: {
  text: string;
  label?: string;
  copiedLabel?: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success('Copied to the clipboard');
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      toast.warning('Could not copy: select the text and copy it by hand');
    }
  };
  return (
    <Button size="small" onClick={copy} aria-label={`${label}: ${text}`}>
      {copied ? copiedLabel : label}
    </Button>
  );
}
