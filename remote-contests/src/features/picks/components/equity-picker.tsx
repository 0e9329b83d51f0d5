import type { Equity } from '@bullpen/shared/schemas';
import { EmptyState } from '@bullpen/shared/ui';
import { useMemo, useState } from 'react';
import { Button, formatMoney, formatReturn, SimulatedPrices, Trend } from '../../contests';
import {
  type ChangeFilter,
  EMPTY_FILTERS,
  type EquityFilters,
  filterEquities,
  isSelectionComplete,
  isSelectionFull,
  sectorsOf,
  toggleSelection,
} from '../lib/selection';

const parsePrice = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? null : Number(value));

export function EquityPicker({
  equities,
  picksCount,
  selected,
  onSelectedChange,
  teams,
  team,
  onTeamChange,
  reviewLabel,
  onReview,
}: {
  equities: readonly Equity[];
  picksCount: number;
  selected: string[];
  onSelectedChange: (next: string[]) => void;
  /** Team contests: the affiliations to choose from; empty for solo contests. */
  teams: readonly string[];
  team: string | null;
  onTeamChange: (team: string) => void;
  reviewLabel: string;
  onReview: () => void;
}) {
  const [filters, setFilters] = useState<EquityFilters>(EMPTY_FILTERS);
  const [minPrice, setMinPrice] = useState('');
  const [maxPrice, setMaxPrice] = useState('');
  const sectors = useMemo(() => sectorsOf(equities), [equities]);
  const visible = useMemo(
    () => filterEquities(equities, { ...filters, minPrice: parsePrice(minPrice), maxPrice: parsePrice(maxPrice) }),
    [equities, filters, minPrice, maxPrice],
  );
  const full = isSelectionFull(selected, picksCount);
  const needsTeam = teams.length > 0 && !team;
  const ready = isSelectionComplete(selected, picksCount) && !needsTeam;
  const remaining = picksCount - selected.length;
  const filtered = visible.length !== equities.length;

  return (
    <div className="bpc-stack" style={{ gap: 16 }}>
      {teams.length > 0 ? (
        <fieldset className="bpc-panel" style={{ margin: 0 }}>
          <legend className="bpc-label" style={{ padding: '0 6px' }}>
            Your team
          </legend>
          <div className="bpc-row" role="radiogroup" aria-label="Your team">
            {teams.map((name) => (
              <label key={name} className="bpc-chip" style={{ paddingRight: 12, cursor: 'pointer' }}>
                <input
                  type="radio"
                  name="team"
                  value={name}
                  checked={team === name}
                  onChange={() => onTeamChange(name)}
                />
                <span>{name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <div className="bpc-panel bpc-stack">
        <div className="bpc-row bpc-between">
          <h2 style={{ margin: 0 }}>
            Choose {picksCount} stock{picksCount === 1 ? '' : 's'}
          </h2>
          <SimulatedPrices />
        </div>
        <div className="bpc-form-grid" style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 12 }}>
          <div className="bpc-field" style={{ gridColumn: 'span 2' }}>
            <label htmlFor="picker-search">Search</label>
            <input
              id="picker-search"
              type="search"
              className="bpc-input"
              placeholder="Symbol or company name"
              value={filters.query}
              onChange={(e) => setFilters({ ...filters, query: e.target.value })}
            />
          </div>
          <div className="bpc-field">
            <label htmlFor="picker-sector">Sector</label>
            <select
              id="picker-sector"
              className="bpc-input"
              value={filters.sector}
              onChange={(e) => setFilters({ ...filters, sector: e.target.value })}
            >
              <option value="">All sectors</option>
              {sectors.map((sector) => (
                <option key={sector} value={sector}>
                  {sector}
                </option>
              ))}
            </select>
          </div>
          <div className="bpc-field">
            <label htmlFor="picker-change">Daily change</label>
            <select
              id="picker-change"
              className="bpc-input"
              value={filters.change}
              onChange={(e) => setFilters({ ...filters, change: e.target.value as ChangeFilter })}
            >
              <option value="all">Any</option>
              <option value="gainers">Up today</option>
              <option value="losers">Down today</option>
            </select>
          </div>
          <div className="bpc-field">
            <label htmlFor="picker-min">Min price</label>
            <input
              id="picker-min"
              className="bpc-input"
              type="number"
              min={0}
              inputMode="decimal"
              placeholder="$0"
              value={minPrice}
              onChange={(e) => setMinPrice(e.target.value)}
            />
          </div>
          <div className="bpc-field">
            <label htmlFor="picker-max">Max price</label>
            <input
              id="picker-max"
              className="bpc-input"
              type="number"
              min={0}
              inputMode="decimal"
              placeholder="Any"
              value={maxPrice}
              onChange={(e) => setMaxPrice(e.target.value)}
            />
          </div>
        </div>
        <div className="bpc-row bpc-between bpc-small bpc-muted">
          <span>
            Showing {visible.length} of {equities.length}
          </span>
          {filtered ? (
            <Button
              variant="ghost"
              small
              onClick={() => {
                setFilters(EMPTY_FILTERS);
                setMinPrice('');
                setMaxPrice('');
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </div>
        {visible.length === 0 ? (
          <EmptyState title="No stocks match these filters">Try another search or clear the filters.</EmptyState>
        ) : (
          <div className="bpc-table-wrap">
            <table className="bpc-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="bpc-sr">Pick</span>
                  </th>
                  <th scope="col">Symbol</th>
                  <th scope="col" className="bpc-hide-narrow">
                    Name
                  </th>
                  <th scope="col" className="bpc-hide-narrow">
                    Sector
                  </th>
                  <th scope="col" className="bpc-num">
                    Price
                  </th>
                  <th scope="col" className="bpc-num">
                    Today
                  </th>
                </tr>
              </thead>
              <tbody>
                {visible.map((equity) => {
                  const checked = selected.includes(equity.symbol);
                  const disabled = !checked && full;
                  return (
                    <tr key={equity.symbol} className={checked ? 'bpc-selected' : undefined}>
                      <td style={{ width: 40 }}>
                        <input
                          type="checkbox"
                          aria-label={`Pick ${equity.symbol}`}
                          checked={checked}
                          disabled={disabled}
                          title={disabled ? `You already have ${picksCount} picks; remove one first` : undefined}
                          onChange={() => onSelectedChange(toggleSelection(selected, equity.symbol, picksCount))}
                          style={{ width: 18, height: 18, accentColor: 'var(--bpc-primary)' }}
                        />
                      </td>
                      <td>
                        <strong>{equity.symbol}</strong>
                        <div className="bpc-small bpc-muted">
                          <span className="bpc-show-narrow">{equity.name}</span>
                        </div>
                      </td>
                      <td className="bpc-hide-narrow">{equity.name}</td>
                      <td className="bpc-hide-narrow bpc-muted">{equity.sector}</td>
                      <td className="bpc-num">{formatMoney(equity.price)}</td>
                      <td className="bpc-num">
                        <Trend value={equity.changePct}>{formatReturn(equity.changePct)}</Trend>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <section className="bpc-sticky bpc-row bpc-between" aria-label="Selection">
        <div className="bpc-stack" style={{ gap: 6 }}>
          <span className="bpc-counter" aria-live="polite" data-testid="pick-counter">
            {selected.length} / {picksCount} selected
          </span>
          <span className="bpc-small bpc-muted">
            {remaining > 0 ? `Choose ${remaining} more` : needsTeam ? 'Now choose your team' : selected.join(' · ')}
          </span>
        </div>
        <Button variant="primary" disabled={!ready} onClick={onReview}>
          {reviewLabel}
        </Button>
      </section>
    </div>
  );
}
