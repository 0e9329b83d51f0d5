import { type Contest, type ContestRules, rulesOf } from '@bullpen/contract';
import { useMarketWords } from '@bullpen/shared/reads';
import { ButtonLink, Card, PageError, PageLoader } from '@bullpen/shared/ui';
import { type ComponentType, useState } from 'react';
import {
  placeOrder,
  useContestUser,
  type useEquities,
  useEquityHistory,
  useTradableEquities,
} from '../api/live-contest-api';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { EXCHANGE_TIME_ZONE } from '../lib/chart-time';
import { LineChart } from './line-chart';
import { LiveHeader } from './live-header';
import { CorporateActions } from './corporate-actions';
import { LiveChat } from './live-chat';
import { PortfolioSummary, PositionsTable, TradeHistory } from './portfolio';

/** The ticket comes from its own feature; the page hands it in, so this feature never imports it. */
export type TicketComponent = ComponentType<{
  contestId: string;
  equities: NonNullable<ReturnType<typeof useEquities>['data']>['equities'];
  buyingPower: number;
  holdings: Record<string, { held: number; available: number }>;
  rules: ContestRules;
  portfolioValue: number;
  endsAt: string;
  symbol: string | null;
  onSymbolChange: (symbol: string) => void;
  placeOrder: typeof placeOrder;
}>;

export function TradingView({ contest, Ticket }: { contest: Contest; Ticket: TicketComponent }) {
  const mode = useLiveUpdates(contest._id, true);
  const polling = mode !== 'stream';
  const mine = useContestUser(contest._id, polling);
  const portfolio = mine.data?.data.portfolio ?? null;
  const [symbol, setSymbol] = useState<string | null>(null);
  const selected = symbol ?? portfolio?.positions[0]?.symbol ?? null;
  // The ticket's symbol may be any listed stock (found by a search), not only one of the default list.
  const equities = useTradableEquities(polling, selected ? [selected] : []);
  const chart = useEquityHistory(selected);
  const market = useMarketWords();

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
  if (!mine.data || !portfolio || !equities.equities) {
    return <PageLoader label="Loading your portfolio…" />;
  }
  // What open conditional orders hold back cannot be sold (or covered) again: the ticket shows both, and trades
  // from what is free. A short's quantity is negative; what is free to cover is counted in shares.
  const holdings = Object.fromEntries(
    portfolio.positions.map((position) => [
      position.symbol,
      { held: position.quantity, available: Math.abs(position.quantity) - (position.reservedQuantity ?? 0) },
    ]),
  );
  // A server of the second release sends no buying power: there it is the cash.
  const buyingPower = (portfolio.buyingPower ?? portfolio.cash) - (portfolio.reservedCash ?? 0);
  return (
    <div className="bp-stack">
      <LiveHeader
        contest={contest}
        mode={mode}
        title="Trading"
        actions={<ButtonLink to={`/live-contest/${contest._id}`}>Leaderboard</ButtonLink>}
      />
      <Card>
        <PortfolioSummary portfolio={portfolio} rank={mine.data.data.rank} endsAt={contest.endsAt} />
      </Card>
      <div className="bp-columns bp-columns--aside">
        {/* The chat under the ticket, in the narrow column: the notices that come and go at the bottom right (a fill's
            toast) never sit over its Send button. */}
        <div className="bp-stack">
          <Ticket
            contestId={contest._id}
            equities={equities.equities}
            buyingPower={Math.round(buyingPower * 100) / 100}
            holdings={holdings}
            rules={rulesOf(contest)}
            portfolioValue={portfolio.value}
            endsAt={contest.endsAt}
            symbol={selected}
            onSymbolChange={setSymbol}
            placeOrder={placeOrder}
          />
          <LiveChat contest={contest} />
        </div>
        <div className="bp-stack">
          <Card title={selected ? `${selected} price` : 'Price'} aria-label={selected ? `${selected} price` : 'Price'}>
            <LineChart
              label={`${selected ?? ''} price chart`}
              // A real market's prices are read on the exchange's clock, as their quote times are.
              timeZone={market && !market.simulated ? EXCHANGE_TIME_ZONE : undefined}
              points={(chart.data?.points ?? []).map((p) => ({ t: p.t, value: p.price }))}
            />
          </Card>
          <Card title="Positions" aria-label="Positions">
            <PositionsTable portfolio={portfolio} onSelect={setSymbol} />
          </Card>
          <Card title="Trade history" aria-label="Trade history">
            <TradeHistory trades={mine.data.data.trades} />
            {/* A server before real markets sends no actions. */}
            <CorporateActions actions={mine.data.data.actions ?? []} />
          </Card>
        </div>
      </div>
    </div>
  );
}
