import { useEffect, useState } from 'react';
import { toast } from '@bullpen/shared';
import { Button, type ButtonVariant } from './button';

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

/**
 * Copies `text` to the clipboard and says so on the button for two seconds (announced politely); a refused clipboard
 * becomes a warning toast.
 */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied ✓',
  variant = 'secondary',
  size = 'small',
}: {
  text: string;
  label?: string;
  copiedLabel?: string;
  variant?: ButtonVariant;
  size?: 'small' | 'medium';
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    copyText(text).then(
      () => setCopied(true),
      () => toast.warning('Could not copy: select the text and copy it by hand'),
    );
  return (
    <Button variant={variant} size={size} onClick={copy}>
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
