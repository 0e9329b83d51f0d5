import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, notifyError, toast } from '@bullpen/shared';
import { formatMoney, formatPercent, percentTrend } from '@bullpen/shared/format';
import { useEquities, useEquitySearch, useMarketStatus, useMarketWords } from '@bullpen/shared/reads';
import {
  type ContestRules,
  type Equity,
  isPendingAnswer,
  type MarketOrderResponse,
  type MarketStatusResponse,
  nextOpenWords,
  type Order,
  SIDE_WORDS,
  type TradeBody,
  type TradeSide,
} from '@bullpen/contract';
import { Button, Card, Combobox, Field, PriceStamp, Select } from '@bullpen/shared/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { placeConditionalOrder, showPlacedOrder, useOrders } from '../../orders';
import type { TicketOrderType } from '../lib/order-math';
import {
  localDateTime,
  maxQuantity,
  overCapMessage,
  quantityOf,
  blankTicket,
  reservedCash,
  roomUnderCap,
  type TicketContext,
  type TicketField,
  type TicketOrder,
  type TicketValues,
  ticketFieldOf,
  ticketSchema,
} from '../lib/ticket-form';
import { describeTimeScale } from '../lib/time-scale';
import { ReviewText } from './review-text';
import { SidePicker } from './side-picker';
import { TicketFigures } from './ticket-figures';
import { TicketInput } from './ticket-input';
import { TrailFields } from './trail-fields';
import '@bullpen/shared/ui/parts.css';

const TYPE_OPTIONS: { value: TicketOrderType; label: string }[] = [
  { value: 'market', label: 'Market' },
  { value: 'limit', label: 'Limit' },
  { value: 'stop', label: 'Stop' },
  { value: 'stop-limit', label: 'Stop-limit' },
  { value: 'trailing-stop', label: 'Trailing stop' },
];

/** One line per order type: what it does. */
const TYPE_MEANING: Record<TicketOrderType, string> = {
  market: 'Fills now, at the current price.',
  limit: 'Waits until the price reaches your limit, then fills at that price or better.',
  stop: 'Waits until the price reaches your stop, then fills at the market price.',
  'stop-limit': 'Waits until the price reaches your stop, then fills only at your limit or better.',
  'trailing-stop':
    'Its stop follows the best price since you placed it; when the price crosses it, it fills at market.',
};

const TIME_IN_FORCE_OPTIONS = [
  { value: 'gtc', label: 'Good till cancelled' },
  { value: 'day', label: 'Day' },
];

/** On a delayed feed (API.md "Market orders that wait"): a market order fills at the price of the moment it was placed. */
const delayedMarketMeaning = (minutes: number) =>
  `Fills at the market price at the time you placed it — shown in about ${minutes} minutes`;

/** While the market is closed, a market order waits for the session (API.md "Market orders that wait"). */
const queuedMarketMeaning = (opens: string) =>
  `The market is closed: it waits and fills at the first price after it opens (${opens})`;

/** What a market order does now: fills at once, waits for the delayed price, or waits for the open. */
function marketMeaning(market: MarketStatusResponse | undefined): string | null {
  if (market && !market.open && market.nextOpenAt) return queuedMarketMeaning(nextOpenWords(market.nextOpenAt));
  if (market && market.delayMinutes > 0) return delayedMarketMeaning(market.delayMinutes);
  return null;
}

/** Under the symbol field while there is no list: a search on its way, or none found (never silence). */
function searchStatus(found: { query: string; equities: readonly Equity[]; searching: boolean; error: unknown }) {
  if (!found.query) return null;
  if (found.searching && found.equities.length === 0) return 'Searching…';
  if (found.error) return 'The search could not be done: try again';
  if (!found.searching && found.equities.length === 0) return `No listed stock starts with “${found.query}”`;
  return null;
}

const SIDE_DONE: Record<TradeSide, string> = { buy: 'Bought', sell: 'Sold', short: 'Shorted', cover: 'Covered' };
const buys = (side: TradeSide) => side === 'buy' || side === 'cover';

function limitMeaning(side: TradeSide): string {
  return buys(side) ? 'Buys only at this price or lower.' : 'Sells only at this price or higher.';
}

function stopMeaning(side: TradeSide, type: TicketOrderType): string {
  const then =
    type === 'stop' ? (buys(side) ? 'buys at the market price' : 'sells at the market price') : 'becomes a limit order';
  return buys(side)
    ? `When the price rises to this, the order ${then}.`
    : `When the price falls to this, the order ${then}.`;
}

/** A position's shares (negative while short), and those open orders leave free to sell or cover. */
interface Holding {
  held: number;
  available: number;
}

export interface OrderTicketProps {
  contestId: string;
  equities: Equity[];
  /** Buying power less what open orders hold back. */
  buyingPower: number;
  holdings: Record<string, Holding>;
  rules: ContestRules;
  /** The portfolio's value: the position cap is a share of it. */
  portfolioValue: number;
  endsAt: string;
  symbol: string | null;
  onSymbolChange: (symbol: string) => void;
  /** 200: the trade; 202: the order waits for the delayed price or the open. */
  placeOrder: (body: TradeBody, idempotencyKey: string) => Promise<MarketOrderResponse>;
}

const NO_ORDERS: readonly Order[] = [];

/** The server's figure when it refuses a buy or short over the cap: how many more shares would fit. */
function capRoom(error: ApiError): number | null {
  const data = (error.data as { data?: { maxQuantity?: unknown } } | undefined)?.data;
  return typeof data?.maxQuantity === 'number' ? data.maxQuantity : null;
}

export function OrderTicket({
  contestId,
  equities,
  buyingPower,
  holdings,
  rules,
  portfolioValue,
  endsAt,
  symbol,
  onSymbolChange,
  placeOrder,
}: OrderTicketProps) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [review, setReview] = useState<{ key: string; order: TicketOrder } | null>(null);
  const [pending, setPending] = useState(false);

  const equity = equities.find((item) => item.symbol === symbol) ?? null;
  const price = equity?.price ?? null;
  const holding = (symbol ? holdings[symbol] : undefined) ?? { held: 0, available: 0 };
  // The screen's list of orders (the same request, read once): open buys and shorts count against the cap.
  const orders = useOrders(contestId).data?.orders ?? NO_ORDERS;
  const defaultExpiry = localDateTime(endsAt);
  const context: TicketContext = {
    contestId,
    symbol,
    price,
    buyingPower,
    held: holding.held,
    available: holding.available,
    rules,
    portfolioValue,
    orders,
    endsAt: defaultExpiry,
    now: Date.now(),
  };

  // The checks depend on the player's money and the market, passed as the form's context on each validation.
  const resolver: Resolver<TicketValues, TicketContext, TicketOrder> = (values, current, options) =>
    zodResolver(ticketSchema(current ?? context))(values, current, options);
  const form = useForm<TicketValues, TicketContext, TicketOrder>({
    mode: 'onChange',
    resolver,
    context,
    defaultValues: blankTicket(defaultExpiry),
  });
  const { register, setValue, formState, trigger, clearErrors, setError } = form;
  const values = form.watch();
  const { errors } = formState;
  // "Choose a symbol" is not a field of the form: the resolver puts it beside the others, under its own name.
  const messages = errors as Partial<Record<TicketField | 'root', { message?: string }>>;
  const shownError = (field: TicketField) => (equity || field === 'symbol' ? (messages[field]?.message ?? null) : null);

  // A problem is said once its field has been typed in, or once Review order is pressed; after that it follows what
  // changes (the price, the side, the money) until it is gone. A field nobody has touched stays quiet.
  const watched = JSON.stringify([values, price, buyingPower, holding, symbol]);
  // The server's refusal stays until its field is edited: a tick moving the price does not answer it.
  useEffect(() => {
    const shown = Object.entries(form.formState.errors)
      .filter(([field, error]) => field !== 'root' && error?.type !== 'server')
      .map(([field]) => field as keyof TicketValues);
    if (shown.length > 0) void trigger(shown);
  }, [watched]);

  // Another symbol is another order: what the server said about the last one no longer applies.
  useEffect(() => {
    for (const [field, error] of Object.entries(form.formState.errors)) {
      if (error?.type === 'server') clearErrors(field as keyof TicketValues);
    }
  }, [symbol]);

  // A side the position does not allow (a sell with nothing held, a buy while short) gives way to one it does.
  const allowed = allowedSides(rules, holding.held);
  const allowedKey = allowed.join(' ');
  useEffect(() => {
    const sides = allowedKey.split(' ') as TradeSide[];
    if (!sides.includes(values.side)) setValue('side', sides[0] ?? 'buy');
  }, [allowedKey, values.side, setValue]);

  // Keyboard users keep their place: the review takes the focus when it replaces the button, and gives it back.
  const searchRef = useRef<HTMLInputElement>(null);
  const reviewRef = useRef<HTMLDivElement>(null);
  const reviewButtonRef = useRef<HTMLButtonElement>(null);
  const reviewWasOpen = useRef(false);
  useEffect(() => {
    if (review) {
      reviewRef.current?.focus();
    } else if (reviewWasOpen.current) {
      const button = reviewButtonRef.current;
      if (button && !button.disabled) button.focus();
      else if (form.formState.errors.quantity) form.setFocus('quantity');
      else searchRef.current?.focus();
    }
    reviewWasOpen.current = review !== null;
  }, [review, form]);

  // The screen reads the equities already (same key, no second request): they also say how fast market time runs.
  const timeNote = describeTimeScale(useEquities().data?.market?.timeScale);
  const conditional = values.type !== 'market';
  const quantity = quantityOf(values);
  // The server's feed and hours, read once per page: on the simulator (no delay, no sessions) the ticket reads as it
  // always has.
  const market = useMarketStatus().data;
  const delayMinutes = market?.delayMinutes ?? 0;
  const hasSessions = (market?.nextOpenAt ?? null) !== null;
  const marketOrdersWait = delayMinutes > 0 || (market !== undefined && !market.open);
  const marketNow = marketMeaning(market);
  const typeMeaning = values.type === 'market' && marketNow ? marketNow : TYPE_MEANING[values.type];
  // Day or good till cancelled, where the market has sessions (around the clock a day order would last as long).
  const offerTimeInForce = hasSessions && (conditional || marketOrdersWait);

  // Every listed stock, searched on the server as the user types: a few matches, never the whole market.
  const found = useEquitySearch(search);
  const marketWords = useMarketWords();

  const setMax = () => {
    setValue('quantity', String(maxQuantity(values, context)), { shouldValidate: true });
  };

  /** Sends the reviewed order; what the toast says it did. */
  const send = async (order: TicketOrder, key: string): Promise<string> => {
    if (order.kind === 'conditional') {
      const placed = (await placeConditionalOrder(order.body, key)).data.order;
      const typeName = TYPE_OPTIONS.find((option) => option.value === placed.type)?.label ?? placed.type;
      return `${typeName} order placed: ${placed.side} ${placed.quantity} ${placed.symbol}. It waits in Open orders.`;
    }
    const answer = await placeOrder(order.body, key);
    if (isPendingAnswer(answer)) {
      const waiting = answer.data.order;
      await showPlacedOrder(contestId, answer.data);
      const what = `${SIDE_WORDS[waiting.side]} ${waiting.quantity} ${waiting.symbol}`;
      return `Market order waiting: ${what}. ${waiting.reason ?? 'It waits for its price'}. It is in Open orders until it fills.`;
    }
    const { trade } = answer.data;
    return `${SIDE_DONE[trade.side]} ${trade.quantity} ${trade.symbol} at ${formatMoney(trade.price)}`;
  };

  /** The server's refusal on the fields it names; a toast when no field of the ticket can show it. */
  const showRefusal = (error: unknown) => {
    const onFields = error instanceof ApiError ? error.errors.filter((item) => ticketFieldOf(item.field)) : [];
    // The server counts more shares on top of those held and those its open orders of this side would add.
    const adds = holding.held !== 0 || (roomUnderCap(values, context)?.pending ?? 0) > 0;
    for (const item of onFields) {
      const field = ticketFieldOf(item.field) as TicketField;
      const room = error instanceof ApiError && field === 'quantity' ? capRoom(error) : null;
      const message =
        room === null || rules.maxPositionPct === null
          ? item.message
          : overCapMessage(rules.maxPositionPct, { shares: room, pending: 0 }, adds);
      setError(field === 'symbol' ? 'root' : field, { type: 'server', message });
    }
    if (onFields.length === 0) notifyError(error);
  };

  /** The order the form stands for now, or null after saying on each field what is wrong. Synchronous, so the review
   *  opens (and takes the focus) in the same event as the click. */
  const check = (): TicketOrder | null => {
    const parsed = ticketSchema(context).safeParse(form.getValues());
    if (parsed.success) return parsed.data;
    void trigger();
    return null;
  };

  const confirm = async () => {
    const order = review ? check() : null;
    if (!review || !order) {
      setReview(null);
      return;
    }
    setPending(true);
    try {
      toast.success(await send(order, review.key));
      // A fresh ticket: the next order's problems are said once it is typed.
      form.reset({ ...form.getValues(), quantity: '1' });
    } catch (error) {
      showRefusal(error);
    } finally {
      setReview(null);
      setPending(false);
    }
  };

  const openReview = () => {
    const order = check();
    if (order) setReview({ key: crypto.randomUUID(), order });
  };
  const hasErrors = Object.keys(errors).some((field) => shownError(field as TicketField) !== null);
  const reserve = reservedCash(values, price);
  const room = roomUnderCap(values, context);

  return (
    <Card className="bp-stack" title="Place an order" aria-label="Place an order">
      <Combobox
        label="Symbol"
        id={`${ids}-search`}
        error={shownError('symbol')}
        inputRef={searchRef}
        placeholder="Search symbol or company"
        value={search}
        onValueChange={setSearch}
        options={found.equities}
        optionKey={(item) => item.symbol}
        listLabel="Matching symbols"
        status={searchStatus(found)}
        renderOption={(item) => (
          <>
            <strong>{item.symbol}</strong> <span className="bp-muted">{item.name}</span>
            <span className="bp-num">
              {formatMoney(item.price)}
              {item.stale ? ' · stale' : ''}
            </span>
          </>
        )}
        onChoose={(item) => {
          onSymbolChange(item.symbol);
          setSearch('');
          clearErrors('symbol' as keyof TicketValues);
        }}
      />

      {equity ? (
        <div className="bp-panel bp-quote" aria-live="polite">
          <div>
            <strong className="bp-quote__symbol">{equity.symbol}</strong>
            <span className="bp-muted"> {equity.name}</span>
          </div>
          <div className="bp-quote__price">
            <span className="bp-num">{formatMoney(equity.price)}</span>{' '}
            <span className={`bp-num bp-trend--${percentTrend(equity.changePct)}`}>
              {formatPercent(equity.changePct)}
            </span>{' '}
            <PriceStamp asOf={equity.asOf} stale={equity.stale} time={marketWords !== null && !marketWords.simulated} />
          </div>
        </div>
      ) : (
        <p className="bp-muted">Search for a symbol, or pick one from your positions.</p>
      )}
      {timeNote ? <p className="bp-field__hint">{timeNote}</p> : null}

      <SidePicker shortSelling={rules.shortSelling} allowed={allowed} registration={register('side')} />

      <Select
        label="Order type"
        hint={typeMeaning}
        options={TYPE_OPTIONS}
        {...register('type', {
          onChange: () => {
            setReview(null);
            // Prices the new type asks for are not wrong before anything is typed in them.
            clearErrors(['limit', 'stop', 'trail', 'expiresAt']);
          },
        })}
      />

      <Field label="Quantity (shares)" id={`${ids}-quantity`} error={shownError('quantity')}>
        {(control) => (
          <div className="bp-input-row">
            <input className="bp-input" {...control} inputMode="numeric" {...register('quantity')} />
            <Button onClick={setMax} disabled={!equity}>
              Max
            </Button>
          </div>
        )}
      </Field>

      {values.type === 'stop' || values.type === 'stop-limit' ? (
        <TicketInput
          id={`${ids}-stop`}
          label="Stop price ($)"
          hint={stopMeaning(values.side, values.type)}
          error={shownError('stop')}
          inputMode="decimal"
          registration={register('stop')}
        />
      ) : null}

      {values.type === 'limit' || values.type === 'stop-limit' ? (
        <TicketInput
          id={`${ids}-limit`}
          label="Limit price ($)"
          hint={limitMeaning(values.side)}
          error={shownError('limit')}
          inputMode="decimal"
          registration={register('limit')}
        />
      ) : null}

      {values.type === 'trailing-stop' ? (
        <TrailFields id={`${ids}-trail`} form={form} values={values} price={price} error={shownError('trail')} />
      ) : null}

      {conditional ? (
        <TicketInput
          id={`${ids}-expires`}
          label="Good until"
          hint="The order expires then if it has not filled. At the latest, when the contest ends."
          error={shownError('expiresAt')}
          type="datetime-local"
          max={defaultExpiry}
          registration={register('expiresAt')}
        />
      ) : null}

      {offerTimeInForce ? (
        <Select
          label="Time in force"
          hint={
            values.timeInForce === 'day'
              ? "Ends at the market's close if it has not filled."
              : 'Waits until it fills, you cancel it or it expires.'
          }
          options={TIME_IN_FORCE_OPTIONS}
          {...register('timeInForce', { onChange: () => setReview(null) })}
        />
      ) : null}

      <TicketFigures
        side={values.side}
        conditional={conditional}
        quantity={quantity}
        price={price}
        reserve={reserve}
        buyingPower={buyingPower}
        holding={holding}
        rules={rules}
        room={room}
      />

      {errors.root?.message ? <p className="bp-warning-text">{errors.root.message}</p> : null}

      {review ? (
        <div
          ref={reviewRef}
          className="bp-review"
          role="dialog"
          aria-modal="false"
          aria-labelledby={`${ids}-review`}
          tabIndex={-1}
        >
          <ReviewText
            id={`${ids}-review`}
            order={review.order}
            price={price}
            reserve={reserve}
            rules={rules}
            {...(marketNow ? { marketNote: `${marketNow}.` } : {})}
          />
          <div className="bp-review__actions">
            <Button variant="ghost" onClick={() => setReview(null)} disabled={pending}>
              Back
            </Button>
            <Button variant="primary" onClick={confirm} loading={pending} loadingText="Placing order…">
              {conditional ? `Place ${values.type} order` : `Confirm ${values.side}`}
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={reviewButtonRef} variant="primary" block disabled={hasErrors} onClick={openReview}>
          Review order
        </Button>
      )}
    </Card>
  );
}

/** The sides this position allows (API.md "Short selling": a sell closes longs only, a cover shorts only). */
function allowedSides(rules: ContestRules, held: number): TradeSide[] {
  const sides: TradeSide[] = [];
  if (held >= 0) sides.push('buy');
  if (held > 0) sides.push('sell');
  if (rules.shortSelling && held <= 0) sides.push('short');
  if (rules.shortSelling && held < 0) sides.push('cover');
  return sides;
}
