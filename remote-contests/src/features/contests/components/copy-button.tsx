import { useEffect, useState } from 'react';
import { Button } from '@bullpen/shared/ui';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins: a hidden textarea and execCommand.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand?.('copy');
  area.remove();
  if (!ok) throw new Error('Copy is not available in this browser');
}

export function CopyButton({
  text,
  label = 'Copy link',
  onError,
}: {
  text: string;
  label?: string;
  onError?: (error: unknown) => void;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="primary"
      onClick={() =>
        copyText(text).then(
          () => setCopied(true),
          (error: unknown) => onError?.(error),
        )
      }
    >
      <span aria-live="polite">{copied ? 'Copied ✓' : label}</span>
    </Button>
  );
}
