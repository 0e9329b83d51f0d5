import type { Contest } from '@bullpen/shared/schemas';
import type { ReactNode } from 'react';
import type { LiveMode } from '../hooks/use-live-updates';

const MODE_TEXT: Record<LiveMode, string> = {
  stream: 'Live updates',
  polling: 'Updating every few seconds',
  paused: 'Paused while hidden',
};

export function LiveHeader({
  contest,
  mode,
  title,
  actions,
}: {
  contest: Contest;
  mode: LiveMode;
  title: string;
  actions?: ReactNode;
}) {
  return (
    <header className="lc-header">
      <div>
        <p className="lc-eyebrow">
          <span className="lc-badge">Live</span> {contest.name}
        </p>
        <h1>{title}</h1>
        <p className="lc-muted lc-small">
          <span className="lc-simulated">Simulated prices</span> ·{' '}
          <span className={`lc-mode lc-mode--${mode}`}>{MODE_TEXT[mode]}</span>
        </p>
      </div>
      {actions ? <div className="lc-header__actions">{actions}</div> : null}
    </header>
  );
}
