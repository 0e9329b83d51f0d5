import type { Contest } from '@bullpen/contract';
import { useMarketWords } from '@bullpen/shared/reads';
import { Badge, PageHeader } from '@bullpen/shared/ui';
import type { ReactNode } from 'react';
import type { LiveMode } from '../hooks/use-live-updates';

const MODE_TEXT: Record<LiveMode, string> = {
  stream: 'Live updates',
  polling: 'Updating every few seconds',
  paused: 'Paused while hidden',
  offline: 'Offline: these are the last prices seen; updates resume when you reconnect',
};

/** While the market is closed nothing moves: said so, rather than "Live updates" over a board that stands still. */
const CLOSED_TEXT = 'Market closed: prices and standings move again when it opens';

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
  // Where the prices come from, in the API's words, and on a market with hours its state: a board that does not move
  // while the market is closed is not taken for stuck. Nothing until the API has said.
  const market = useMarketWords();
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
          {market ? (
            <>
              <span className={market.simulated ? 'bp-warning-text' : undefined}>{market.label}</span> ·{' '}
              {market.state ? (
                <>
                  <span className={market.closed ? 'bp-warning-text' : undefined}>{market.state}</span> ·{' '}
                </>
              ) : null}
            </>
          ) : null}
          {/* Green only while prices move: a closed market's board is connected but still. */}
          <span
            aria-hidden="true"
            className={
              mode === 'offline' ? 'bp-trend--down' : mode === 'stream' && !market?.closed ? 'bp-trend--up' : 'bp-muted'
            }
          >
            ●{' '}
          </span>
          <span aria-live="polite" className={mode === 'offline' ? 'bp-warning-text' : undefined}>
            {market?.closed && mode !== 'offline' ? CLOSED_TEXT : MODE_TEXT[mode]}
          </span>
        </>
      }
      actions={actions}
    />
  );
}
