import { notifyError, toast } from '@bullpen/shared';
import { formatMoney, formatPercent, trend } from '@bullpen/shared/format';
import { useEquities } from '@bullpen/shared/reads';
import type { Equity, PlaceOrderBody, TradeBody, TradeResponse, TradeSide } from '@bullpen/shared/schemas';
import { Button, Card, Field, Select, TextInput } from '@bullpen/shared/ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { placeConditionalOrder } from '../../orders';
import {
  conditionalProblem,
  estimatedAmount,
  maxBuyQuantity,
  orderProblem,
  parsePrice,
  reservedAmount,
  type TicketOrderType,
} from '../lib/order-math';
import { describeTimeScale } from '../lib/time-scale';
import '@bullpen/shared/ui/parts.css';

const TYPE_OPTIONS: { value: TicketOrderType; label: string }[] = [
  { value: 'market', label: 'Market' },
  { value: 'limit', label: 'Limit' },
  { value: 'stop', label: 'Stop' },
  { value: 'stop-limit', label: 'Stop-limit' },
];

/** One line per order type: what it does. */
const TYPE_MEANING: Record<TicketOrderType, string> = {
  market: 'Fills now, at the current price.',
  limit: 'Waits until the price reaches your limit, then fills at that price or better.',
  stop: 'Waits until the price reaches your stop, then fills at the market price.',
  'stop-limit': 'Waits until the price reaches your stop, then fills only at your limit or better.',
};

function limitMeaning(side: TradeSide): string {
  return side === 'buy' ? 'Buys only at this price or lower.' : 'Sells only at this price or higher.';
}

function stopMeaning(side: TradeSide, type: TicketOrderType): string {
  const then =
    type === 'stop'
      ? side === 'buy'
        ? 'buys at the market price'
        : 'sells at the market price'
      : 'becomes a limit order';
  return side === 'buy'
    ? `When the price rises to this, the order ${then}.`
    : `When the price falls to this, the order ${then}.`;
}

/** A position's shares: all of them, and those open sell orders do not reserve (what a new sell can use). */
interface Holding {
  held: number;
  available: number;
}

type ProblemField = 'quantity' | 'limit' | 'stop';
const UNTOUCHED: Record<ProblemField, boolean> = { quantity: false, limit: false, stop: false };

export interface OrderTicketProps {
  contestId: string;
  equities: Equity[];
  cash: number;
  holdings: Record<string, Holding>;
  symbol: string | null;
  onSymbolChange: (symbol: string) => void;
  placeOrder: (body: TradeBody, idempotencyKey: string) => Promise<TradeResponse>;
}

export function OrderTicket({
  contestId,
  equities,
  cash,
  holdings,
  symbol,
  onSymbolChange,
  placeOrder,
}: OrderTicketProps) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [side, setSide] = useState<TradeSide>('buy');
  const [quantityText, setQuantityText] = useState('1');
  const [orderType, setOrderType] = useState<TicketOrderType>('market');
  const [limitText, setLimitText] = useState('');
  const [stopText, setStopText] = useState('');
  const [review, setReview] = useState<{ key: string } | null>(null);
  const [pending, setPending] = useState(false);
  // A problem is said once its field has been typed in, or once Review order is pressed: not on a field nobody has
  // touched yet (a limit price just asked for, a quantity reset after an order).
  const [touched, setTouched] = useState(UNTOUCHED);
  const [revealed, setRevealed] = useState(false);
  const touch = (field: ProblemField) =>
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
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
      else searchRef.current?.focus();
    }
    reviewWasOpen.current = review !== null;
  }, [review]);

  // The screen reads the equities already (same key, no second request): they also say how fast market time runs.
  const timeNote = describeTimeScale(useEquities().data?.market?.timeScale);
  const equity = equities.find((item) => item.symbol === symbol) ?? null;
  const price = equity?.price ?? null;
  const holding = symbol ? (holdings[symbol] ?? { held: 0, available: 0 }) : { held: 0, available: 0 };
  // Sells are checked against the shares open orders leave free.
  const held = holding.available;
  // What was typed stays as typed ("1.5", "-1"): the ticket says what is wrong instead of rewriting it.
  const quantity = /^\s*\d+\s*$/.test(quantityText) ? Number(quantityText) : Number.NaN;
  const conditional = orderType !== 'market';
  const needsLimit = orderType === 'limit' || orderType === 'stop-limit';
  const needsStop = orderType === 'stop' || orderType === 'stop-limit';
  const limitPrice = parsePrice(limitText);
  const stopPrice = parsePrice(stopText);
  const problem = conditional
    ? conditionalProblem({
        side,
        type: orderType,
        quantity,
        limitPrice,
        stopPrice,
        cash,
        held,
        hasSymbol: price !== null,
      })
    : orderProblem({ side, quantity, price, cash, held });
  const amount = price === null || !Number.isFinite(quantity) ? 0 : estimatedAmount(quantity, price);
  const reserve = conditional
    ? reservedAmount(
        side,
        quantity,
        needsLimit && !Number.isNaN(limitPrice) ? limitPrice : null,
        needsStop && !Number.isNaN(stopPrice) ? stopPrice : null,
      )
    : 0;
  const reserveText =
    side === 'buy' ? formatMoney(reserve) : `${Number.isInteger(quantity) && quantity > 0 ? quantity : 0} shares`;
  const problemField: ProblemField = /limit price/.test(problem ?? '')
    ? 'limit'
    : /stop price/.test(problem ?? '')
      ? 'stop'
      : 'quantity';
  const shownProblem = problem !== null && (revealed || touched[problemField]) ? problem : null;

  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return [];
    return equities
      .filter((item) => item.symbol.toLowerCase().startsWith(needle) || item.name.toLowerCase().includes(needle))
      .slice(0, 8);
  }, [equities, search]);

  // A conditional buy reserves at its limit (or stop) price: the most it can buy is counted at that price.
  const setMax = () => {
    const reservePrice = conditional
      ? [needsLimit ? limitPrice : Number.NaN, needsStop ? stopPrice : Number.NaN].find((p) => !Number.isNaN(p))
      : undefined;
    setQuantityText(String(side === 'buy' ? maxBuyQuantity(cash, reservePrice ?? price ?? 0) : held));
    touch('quantity');
  };

  /** Sends the reviewed order; what the toast says it did. */
  const send = async (key: string, chosen: string): Promise<string> => {
    if (conditional) {
      const body: PlaceOrderBody = {
        contestId,
        symbol: chosen,
        side,
        quantity,
        type: orderType,
        ...(needsLimit ? { limitPrice } : {}),
        ...(needsStop ? { stopPrice } : {}),
      };
      const { order } = (await placeConditionalOrder(body, key)).data;
      const typeName = TYPE_OPTIONS.find((option) => option.value === order.type)?.label ?? order.type;
      return `${typeName} order placed: ${order.side} ${order.quantity} ${order.symbol}. It waits in Open orders.`;
    }
    const { trade } = (await placeOrder({ contestId, symbol: chosen, side, quantity }, key)).data;
    return `${trade.side === 'buy' ? 'Bought' : 'Sold'} ${trade.quantity} ${trade.symbol} at ${formatMoney(trade.price)}`;
  };

  const confirm = async () => {
    if (!review || !symbol || problem) return;
    setPending(true);
    try {
      toast.success(await send(review.key, symbol));
      // A fresh ticket: the next order's problems are said once it is typed.
      setQuantityText('1');
      setTouched(UNTOUCHED);
      setRevealed(false);
    } catch (error) {
      notifyError(error);
    } finally {
      setReview(null);
      setPending(false);
    }
  };

  const problemId = (field: ProblemField) =>
    shownProblem !== null && equity !== null && problemField === field ? `${ids}-problem` : null;

  return (
    <Card className="bp-stack" title="Place an order" aria-label="Place an order">
      <Field label="Symbol" id={`${ids}-search`}>
        {(control) => (
          <div className="bp-suggest">
            <input
              ref={searchRef}
              className="bp-input"
              {...control}
              type="search"
              placeholder="Search symbol or company"
              autoComplete="off"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            {matches.length > 0 ? (
              <ul className="bp-suggest__list" aria-label="Matching symbols">
                {matches.map((item) => (
                  <li key={item.symbol}>
                    <button
                      type="button"
                      className="bp-suggest__option"
                      onClick={() => {
                        onSymbolChange(item.symbol);
                        setSearch('');
                        // The list goes away with the button that had the focus: back to the field.
                        searchRef.current?.focus();
                      }}
                    >
                      <strong>{item.symbol}</strong> <span className="bp-muted">{item.name}</span>
                      <span className="bp-num">{formatMoney(item.price)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
      </Field>

      {equity ? (
        <div className="bp-panel bp-quote" aria-live="polite">
          <div>
            <strong className="bp-quote__symbol">{equity.symbol}</strong>
            <span className="bp-muted"> {equity.name}</span>
          </div>
          <div className="bp-quote__price">
            <span className="bp-num">{formatMoney(equity.price)}</span>{' '}
            <span className={`bp-num bp-trend--${trend(equity.changePct)}`}>{formatPercent(equity.changePct)}</span>
          </div>
        </div>
      ) : (
        <p className="bp-muted">Search for a symbol, or pick one from your positions.</p>
      )}
      {timeNote ? <p className="bp-field__hint">{timeNote}</p> : null}

      <fieldset className="bp-segmented">
        <legend className="bp-field__label">Side</legend>
        {(['buy', 'sell'] as const).map((value) => (
          <label
            key={value}
            className={`bp-segmented__option bp-segmented__option--${value === 'buy' ? 'up' : 'down'}`}
          >
            <input
              type="radio"
              name={`${ids}-side`}
              value={value}
              checked={side === value}
              onChange={() => setSide(value)}
            />
            {value === 'buy' ? 'Buy' : 'Sell'}
          </label>
        ))}
      </fieldset>

      <Select
        label="Order type"
        hint={TYPE_MEANING[orderType]}
        options={TYPE_OPTIONS}
        value={orderType}
        onChange={(event) => {
          setOrderType(event.target.value as TicketOrderType);
          setReview(null);
          // Prices the new type asks for are not wrong before anything is typed in them.
          setTouched((current) => ({ ...current, limit: false, stop: false }));
          setRevealed(false);
        }}
      />

      <Field label="Quantity (shares)" id={`${ids}-quantity`}>
        {(control) => (
          <div className="bp-input-row">
            <input
              className="bp-input"
              {...control}
              inputMode="numeric"
              value={quantityText}
              aria-invalid={problemId('quantity') ? true : undefined}
              aria-describedby={problemId('quantity') ?? undefined}
              onChange={(event) => {
                setQuantityText(event.target.value);
                touch('quantity');
              }}
            />
            <Button onClick={setMax} disabled={!equity}>
              Max
            </Button>
          </div>
        )}
      </Field>

      {needsStop ? (
        <PriceField
          id={`${ids}-stop`}
          label="Stop price ($)"
          meaning={stopMeaning(side, orderType)}
          value={stopText}
          onChange={(text) => {
            setStopText(text);
            touch('stop');
          }}
          problemId={problemId('stop')}
        />
      ) : null}

      {needsLimit ? (
        <PriceField
          id={`${ids}-limit`}
          label="Limit price ($)"
          meaning={limitMeaning(side)}
          value={limitText}
          onChange={(text) => {
            setLimitText(text);
            touch('limit');
          }}
          problemId={problemId('limit')}
        />
      ) : null}

      <dl className="bp-pairs">
        {conditional ? (
          <div className="bp-pairs__item">
            <dt>Reserves until it fills or you cancel</dt>
            <dd className="bp-num">{reserveText}</dd>
          </div>
        ) : (
          <div className="bp-pairs__item">
            <dt>Estimated amount</dt>
            <dd className="bp-num">{formatMoney(amount)}</dd>
          </div>
        )}
        <div className="bp-pairs__item">
          <dt>Buying power</dt>
          <dd className="bp-num">{formatMoney(cash)}</dd>
        </div>
        <div className="bp-pairs__item">
          <dt>Shares held</dt>
          <dd className="bp-num">{holding.held}</dd>
        </div>
        <div>
          <dt>Available to sell</dt>
          <dd className="bp-num">
            {holding.available}
            {holding.held > holding.available ? (
              <small className="bp-muted"> ({holding.held - holding.available} reserved by open orders)</small>
            ) : null}
          </dd>
        </div>
      </dl>

      {shownProblem && equity ? (
        <p id={`${ids}-problem`} className="bp-warning-text">
          {shownProblem}
        </p>
      ) : null}

      {review ? (
        <div
          ref={reviewRef}
          className="bp-review"
          role="dialog"
          aria-modal="false"
          aria-labelledby={`${ids}-review`}
          tabIndex={-1}
        >
          {conditional ? (
            <p id={`${ids}-review`}>
              {side === 'buy' ? 'Buy' : 'Sell'} <strong>{quantity}</strong> {symbol} with a{' '}
              {TYPE_OPTIONS.find((option) => option.value === orderType)?.label.toLowerCase()} order
              {needsStop ? (
                <>
                  , stop <strong className="bp-num">{formatMoney(stopPrice)}</strong>
                </>
              ) : null}
              {needsLimit ? (
                <>
                  , limit <strong className="bp-num">{formatMoney(limitPrice)}</strong>
                </>
              ) : null}
              ? It reserves <strong className="bp-num">{reserveText}</strong> until it fills or you cancel it, and
              expires when the contest ends.
            </p>
          ) : (
            <p id={`${ids}-review`}>
              {side === 'buy' ? 'Buy' : 'Sell'} <strong>{quantity}</strong> {symbol} at about{' '}
              <strong className="bp-num">{formatMoney(price ?? 0)}</strong> for about{' '}
              <strong className="bp-num">{formatMoney(amount)}</strong>? Market orders fill at the price when they
              arrive.
            </p>
          )}
          <div className="bp-review__actions">
            <Button variant="ghost" onClick={() => setReview(null)} disabled={pending}>
              Back
            </Button>
            <Button variant="primary" onClick={confirm} loading={pending} loadingText="Placing order…">
              {conditional ? `Place ${orderType} order` : `Confirm ${side}`}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          ref={reviewButtonRef}
          variant="primary"
          block
          disabled={Boolean(shownProblem)}
          onClick={() => {
            if (problem) setRevealed(true);
            else setReview({ key: crypto.randomUUID() });
          }}
        >
          Review order
        </Button>
      )}
    </Card>
  );
}

/** A limit or stop price: the typed text is kept as typed; the ticket says what is wrong with it. */
function PriceField({
  id,
  label,
  meaning,
  value,
  onChange,
  problemId,
}: {
  id: string;
  label: string;
  /** What the price means for this order, in one line, read with the field. */
  meaning: string;
  value: string;
  onChange: (text: string) => void;
  /** The ticket's problem message, when it is about this field. */
  problemId: string | null;
}) {
  return (
    <TextInput
      id={id}
      label={label}
      hint={meaning}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      aria-invalid={problemId ? true : undefined}
      aria-describedby={[`${id}-hint`, problemId ?? ''].filter(Boolean).join(' ')}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
