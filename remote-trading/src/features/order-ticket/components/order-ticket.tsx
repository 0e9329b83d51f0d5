import { formatMoney, formatPercent, notifyError, toast, trend } from '@bullpen/shared';
import type { Equity, TradeBody, TradeResponse, TradeSide } from '@bullpen/shared/schemas';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { estimatedAmount, maxBuyQuantity, orderProblem } from '../lib/order-math';
import './order-ticket.css';

export interface OrderTicketProps {
  contestId: string;
  equities: Equity[];
  cash: number;
  holdings: Record<string, number>;
  symbol: string | null;
  onSymbolChange: (symbol: string) => void;
  placeOrder: (body: TradeBody, idempotencyKey: string) => Promise<TradeResponse>;
}

export function OrderTicket({ contestId, equities, cash, holdings, symbol, onSymbolChange, placeOrder }: OrderTicketProps) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [side, setSide] = useState<TradeSide>('buy');
  const [quantityText, setQuantityText] = useState('1');
  const [review, setReview] = useState<{ key: string } | null>(null);
  const [pending, setPending] = useState(false);
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

  const equity = equities.find((item) => item.symbol === symbol) ?? null;
  const price = equity?.price ?? null;
  const held = symbol ? (holdings[symbol] ?? 0) : 0;
  // What was typed stays as typed ("1.5", "-1"): the ticket says what is wrong instead of rewriting it.
  const quantity = /^\s*\d+\s*$/.test(quantityText) ? Number(quantityText) : Number.NaN;
  const problem = orderProblem({ side, quantity, price, cash, held });
  const amount = price === null || !Number.isFinite(quantity) ? 0 : estimatedAmount(quantity, price);

  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return [];
    return equities
      .filter((item) => item.symbol.toLowerCase().startsWith(needle) || item.name.toLowerCase().includes(needle))
      .slice(0, 8);
  }, [equities, search]);

  const setMax = () => setQuantityText(String(side === 'buy' ? maxBuyQuantity(cash, price ?? 0) : held));

  const confirm = async () => {
    if (!review || !symbol || problem) return;
    setPending(true);
    try {
      const { data } = await placeOrder({ contestId, symbol, side, quantity }, review.key);
      const verb = data.trade.side === 'buy' ? 'Bought' : 'Sold';
      toast.success(`${verb} ${data.trade.quantity} ${data.trade.symbol} at ${formatMoney(data.trade.price)}`);
      setReview(null);
      setQuantityText('1');
    } catch (error) {
      notifyError(error);
      setReview(null);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="ot-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Place an order</h2>

      <div className="ot-field">
        <label htmlFor={`${ids}-search`}>Symbol</label>
        <input
          ref={searchRef}
          id={`${ids}-search`}
          type="search"
          placeholder="Search symbol or company"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {matches.length > 0 ? (
          <ul className="ot-matches" aria-label="Matching symbols">
            {matches.map((item) => (
              <li key={item.symbol}>
                <button
                  type="button"
                  onClick={() => {
                    onSymbolChange(item.symbol);
                    setSearch('');
                    // The list goes away with the button that had the focus: back to the field.
                    searchRef.current?.focus();
                  }}
                >
                  <strong>{item.symbol}</strong> <span>{item.name}</span>
                  <span className="ot-num">{formatMoney(item.price)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {equity ? (
        <div className="ot-quote" aria-live="polite">
          <div>
            <strong className="ot-symbol">{equity.symbol}</strong>
            <span className="ot-muted"> {equity.name}</span>
          </div>
          <div className="ot-price">
            <span className="ot-num">{formatMoney(equity.price)}</span>{' '}
            <span className={`ot-num ot-${trend(equity.changePct)}`}>{formatPercent(equity.changePct)}</span>
          </div>
        </div>
      ) : (
        <p className="ot-muted">Search for a symbol, or pick one from your positions.</p>
      )}

      <fieldset className="ot-side">
        <legend>Side</legend>
        {(['buy', 'sell'] as const).map((value) => (
          <label key={value} className={side === value ? `ot-side__option ot-side__option--${value} is-on` : 'ot-side__option'}>
            <input type="radio" name={`${ids}-side`} value={value} checked={side === value} onChange={() => setSide(value)} />
            {value === 'buy' ? 'Buy' : 'Sell'}
          </label>
        ))}
      </fieldset>

      <div className="ot-field">
        <label htmlFor={`${ids}-quantity`}>Quantity (shares)</label>
        <div className="ot-quantity">
          <input
            id={`${ids}-quantity`}
            inputMode="numeric"
            value={quantityText}
            aria-invalid={problem !== null && equity !== null ? true : undefined}
            aria-describedby={problem && equity ? `${ids}-problem` : undefined}
            onChange={(event) => setQuantityText(event.target.value)}
          />
          <button type="button" className="ot-button" onClick={setMax} disabled={!equity}>
            Max
          </button>
        </div>
      </div>

      <dl className="ot-facts">
        <div>
          <dt>Estimated amount</dt>
          <dd className="ot-num">{formatMoney(amount)}</dd>
        </div>
        <div>
          <dt>Buying power</dt>
          <dd className="ot-num">{formatMoney(cash)}</dd>
        </div>
        <div>
          <dt>Shares held</dt>
          <dd className="ot-num">{held}</dd>
        </div>
      </dl>

      {problem && equity ? (
        <p id={`${ids}-problem`} className="ot-problem">
          {problem}
        </p>
      ) : null}

      {review ? (
        <div
          ref={reviewRef}
          className="ot-review"
          role="dialog"
          aria-modal="false"
          aria-labelledby={`${ids}-review`}
          tabIndex={-1}
        >
          <p id={`${ids}-review`}>
            {side === 'buy' ? 'Buy' : 'Sell'} <strong>{quantity}</strong> {symbol} at about{' '}
            <strong className="ot-num">{formatMoney(price ?? 0)}</strong> for about{' '}
            <strong className="ot-num">{formatMoney(amount)}</strong>? Market orders fill at the price when they arrive.
          </p>
          <div className="ot-actions">
            <button type="button" className="ot-button" onClick={() => setReview(null)} disabled={pending}>
              Back
            </button>
            <button type="button" className="ot-button ot-button--primary" onClick={confirm} disabled={pending}>
              {pending ? 'Placing order…' : `Confirm ${side}`}
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={reviewButtonRef}
          type="button"
          className="ot-button ot-button--primary ot-wide"
          disabled={Boolean(problem)}
          onClick={() => setReview({ key: crypto.randomUUID() })}
        >
          Review order
        </button>
      )}
    </section>
  );
}
