import type { Contest } from '@bullpen/shared/schemas';
import { ButtonLink, PageError, PageLoader } from '@bullpen/shared/ui';
import { type ComponentType, useState } from 'react';
import { Link } from '@bullpen/shared';
import { placeOrder, useContestUser, useEquities, useEquityHistory } from '../api/live-contest-api';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { LineChart } from './line-chart';
import { LiveHeader } from './live-header';
import { PortfolioSummary, PositionsTable, TradeHistory } from './portfolio';
import './live-contest.css';

/** The ticket comes from its own feature; the page hands it in, so this feature never imports it. */
export type TicketComponent = ComponentType<{
  contestId: string;
  equities: NonNullable<ReturnType<typeof useEquities>['data']>['equities'];
  cash: number;
  holdings: Record<string, number>;
  symbol: string | null;
  onSymbolChange: (symbol: string) => void;
  placeOrder: typeof placeOrder;
}>;

export function TradingView({ contest, Ticket }: { contest: Contest; Ticket: TicketComponent }) {
  const mode = useLiveUpdates(contest._id, true);
  const polling = mode !== 'stream';
  const mine = useContestUser(contest._id, polling);
  const equities = useEquities(polling);
  const portfolio = mine.data?.data.portfolio ?? null;
  const [symbol, setSymbol] = useState<string | null>(null);
  const selected = symbol ?? portfolio?.positions[0]?.symbol ?? null;
  const chart = useEquityHistory(selected);

  if (mine.data && !mine.data.data.joined) {
    return (
      <PageError
        tone="info"
        title={contest.name}
        message="Only players of this contest can trade in it."
        action={<ButtonLink to={`/live-contest/${contest._id}`}>See the leaderboard</ButtonLink>}
      />
    );
  }
  if (!mine.data || !portfolio || !equities.data) {
    return <PageLoader label="Loading your portfolio…" />;
  }
  // What open conditional orders hold back cannot be spent again: the ticket works with what is free.
  const holdings = Object.fromEntries(
    portfolio.positions.map((position) => [position.symbol, position.quantity - (position.reservedQuantity ?? 0)]),
  );
  return (
    <div className="lc-page">
      <LiveHeader
        contest={contest}
        mode={mode}
        title="Trading"
        actions={
          <Link className="lc-button" to={`/live-contest/${contest._id}`}>
            Leaderboard
          </Link>
        }
      />
      <section className="lc-card">
        <PortfolioSummary portfolio={portfolio} rank={mine.data.data.rank} endsAt={contest.endsAt} />
      </section>
      <div className="lc-grid lc-grid--trading">
        <Ticket
          contestId={contest._id}
          equities={equities.data.equities}
          cash={portfolio.cash - (portfolio.reservedCash ?? 0)}
          holdings={holdings}
          symbol={selected}
          onSymbolChange={setSymbol}
          placeOrder={placeOrder}
        />
        <div className="lc-stack">
          <section className="lc-card" aria-labelledby="lc-chart-title">
            <h2 id="lc-chart-title">{selected ? `${selected} price` : 'Price'}</h2>
            <LineChart
              label={`${selected ?? ''} price chart`}
              points={(chart.data?.points ?? []).map((p) => ({ t: p.t, value: p.price }))}
            />
          </section>
          <section className="lc-card" aria-labelledby="lc-positions">
            <h2 id="lc-positions">Positions</h2>
            <PositionsTable portfolio={portfolio} onSelect={setSymbol} />
          </section>
          <section className="lc-card" aria-labelledby="lc-trades">
            <h2 id="lc-trades">Trade history</h2>
            <TradeHistory trades={mine.data.data.trades} />
          </section>
        </div>
      </div>
    </div>
  );
}
