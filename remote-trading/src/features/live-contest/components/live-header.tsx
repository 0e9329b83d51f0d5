import type { Contest } from '@bullpen/contract';
import { Badge, PageHeader } from '@bullpen/shared/ui';
import type { ReactNode } from 'react';
import type { LiveMode } from '../hooks/use-live-updates';

const MODE_TEXT: Record<LiveMode, string> = {
  stream: 'Live updates',
  polling: 'Updating every few seconds',
  paused: 'Paused while hidden',
  offline: 'Offline: these are the last prices seen; updates resume when you reconnect',
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
    <PageHeader
      eyebrow={
        <>
          <Badge tone="live">Live</Badge> {contest.name}
        </>
      }
      title={title}
      subtitle={
        <>
          <span className="bp-warning-text">Simulated prices</span> ·{' '}
          <span
            aria-hidden="true"
            className={mode === 'stream' ? 'bp-trend--up' : mode === 'offline' ? 'bp-trend--down' : 'bp-muted'}
          >
            ●{' '}
          </span>
          <span aria-live="polite" className={mode === 'offline' ? 'bp-warning-text' : undefined}>
            {MODE_TEXT[mode]}
          </span>
        </>
      }
      actions={actions}
    />
  );
}
