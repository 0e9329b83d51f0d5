import type { Contest } from '@bullpen/shared/schemas';
import { Badge, PageHeader } from '@bullpen/shared/ui';
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
          <span aria-hidden="true" className={mode === 'stream' ? 'bp-trend--up' : 'bp-muted'}>
            ●{' '}
          </span>
          <span>{MODE_TEXT[mode]}</span>
        </>
      }
      actions={actions}
    />
  );
}
