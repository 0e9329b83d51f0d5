import './ui.css';
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'live';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`bp-badge bp-badge--${tone}`}>
      {tone === 'live' ? <span className="bp-badge__pulse" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
