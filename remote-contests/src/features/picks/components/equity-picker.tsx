import { type Equity, pickBudget } from '@bullpen/contract';
import { formatMoney } from '@bullpen/shared/format';
import { useEquitySearch, useMarketWords } from '@bullpen/shared/reads';
import {
  Button,
  Callout,
  Card,
  Combobox,
  type Column,
  DataTable,
  EmptyState,
  PriceStamp,
  Select,
  TextInput,
  Trend,
} from '@bullpen/shared/ui';
import { useId, useMemo, useState } from 'react';
import { PriceSource } from '../../contests';
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

import './picks.css';

const CHANGE_OPTIONS = [
  { value: 'all', label: 'Any' },
  { value: 'gainers', label: 'Up today' },
  { value: 'losers', label: 'Down today' },
];

const parsePrice = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? null : Number(value));

/** The picks that would buy no share at today's price: dearer than the equal share of cash each pick gets. */
function unaffordablePicks(equities: readonly Equity[], selected: readonly string[], budget: number): Equity[] {
  return equities.filter((equity) => selected.includes(equity.symbol) && equity.price > budget);
}

export function EquityPicker({
  equities,
  picksCount,
  startingCash,
  maxPositionPct,
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
  /** With picksCount, the budget of each pick (DESIGN §5: the cash is split equally, whole shares). */
  startingCash: number;
  /** The contest's position cap: below the equal split, it bounds what each pick may spend (allocation.ts). */
  maxPositionPct: number | null;
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
  // Stocks picked from the server's search beyond the default list: they join the table, with their prices.
  const [found, setFound] = useState<Equity[]>([]);
  const all = useMemo(() => {
    const listed = new Set(equities.map((equity) => equity.symbol));
    return [...equities, ...found.filter((equity) => !listed.has(equity.symbol))];
  }, [equities, found]);
  // Every listed stock, searched on the server as the user types; the table below filters what it shows.
  const search = useEquitySearch(filters.query);
  const market = useMarketWords();
  const sectors = useMemo(() => sectorsOf(all), [all]);
  const visible = useMemo(
    () => filterEquities(all, { ...filters, minPrice: parsePrice(minPrice), maxPrice: parsePrice(maxPrice) }),
    [all, filters, minPrice, maxPrice],
  );
  const full = isSelectionFull(selected, picksCount);
  const needsTeam = teams.length > 0 && !team;
  const ready = isSelectionComplete(selected, picksCount) && !needsTeam;
  const remaining = picksCount - selected.length;
  const filtered = visible.length !== all.length;
  const { budget, cappedAtPct } = pickBudget(startingCash, picksCount, maxPositionPct);
  const budgetReason =
    cappedAtPct === null ? `${formatMoney(startingCash)} split ${picksCount} ways` : `the ${cappedAtPct}% position cap`;
  const tooDear = unaffordablePicks(all, selected, budget);
  const fullNoteId = useId();
  const remove = (symbol: string) => onSelectedChange(selected.filter((s) => s !== symbol));
  /** A match chosen in the search: picked (or unpicked), and the search cleared for the next one. */
  const chooseFound = (equity: Equity) => {
    if (!all.some((item) => item.symbol === equity.symbol)) setFound((current) => [...current, equity]);
    onSelectedChange(toggleSelection(selected, equity.symbol, picksCount));
    setFilters({ ...filters, query: '' });
  };
  const searchStatus = !search.query
    ? null
    : search.searching && search.equities.length === 0
      ? 'Searching…'
      : search.error
        ? 'The search could not be done: try again'
        : !search.searching && search.equities.length === 0
          ? `No listed stock starts with “${search.query}”`
          : null;

  const priceFields = [
    { label: 'Min price', id: 'picker-min', placeholder: '$0', value: minPrice, set: setMinPrice },
    { label: 'Max price', id: 'picker-max', placeholder: 'Any', value: maxPrice, set: setMaxPrice },
  ];
  const columns: Column<Equity>[] = [
    {
      key: 'pick',
      header: <span className="visually-hidden">Pick</span>,
      className: 'picker-check',
      cell: (equity) => {
        const checked = selected.includes(equity.symbol);
        const disabled = !checked && full;
        return (
          <input
            type="checkbox"
            aria-label={`Pick ${equity.symbol}`}
            checked={checked}
            disabled={disabled}
            aria-describedby={disabled ? fullNoteId : undefined}
            onChange={() => onSelectedChange(toggleSelection(selected, equity.symbol, picksCount))}
          />
        );
      },
    },
    {
      key: 'symbol',
      header: 'Symbol',
      cell: (equity) => (
        <>
          <strong>{equity.symbol}</strong>
          <span className="bp-table__narrow bp-small bp-muted">{equity.name}</span>
        </>
      ),
    },
    { key: 'name', header: 'Name', hideNarrow: true, cell: (equity) => equity.name },
    { key: 'sector', header: 'Sector', hideNarrow: true, className: 'bp-muted', cell: (equity) => equity.sector },
    {
      key: 'price',
      header: 'Price',
      numeric: true,
      cell: (equity) => (
        <>
          {formatMoney(equity.price)}
          {equity.stale ? (
            <>
              {' '}
              <PriceStamp asOf={equity.asOf} stale time={false} />
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'today',
      header: 'Today',
      numeric: true,
      cell: (equity) => <Trend value={equity.changePct} />,
    },
  ];

  return (
    <div className="bp-stack picker">
      {teams.length > 0 ? (
        <fieldset className="bp-card picker-teams">
          <legend className="bp-field__label">Your team</legend>
          <div className="bp-row" role="radiogroup" aria-label="Your team">
            {teams.map((name) => (
              <label key={name} className="bp-chip">
                <input
                  type="radio"
                  name="team"
                  value={name}
                  checked={team === name}
                  onChange={() => onTeamChange(name)}
                />
                <span className="bp-chip__label">{name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <Card title={`Choose ${picksCount} stock${picksCount === 1 ? '' : 's'}`} actions={<PriceSource />}>
        <div className="bp-stack">
          <div className="picker-filters">
            <div className="picker-filters__search">
              <Combobox
                label="Search"
                id="picker-search"
                placeholder="Symbol or company name"
                value={filters.query}
                onValueChange={(query) => setFilters({ ...filters, query })}
                options={search.equities}
                optionKey={(equity) => equity.symbol}
                listLabel="Matching stocks"
                status={searchStatus}
                onChoose={chooseFound}
                renderOption={(equity) => (
                  <>
                    <strong>{equity.symbol}</strong> <span className="bp-muted">{equity.name}</span>
                    <span className="bp-num">
                      {selected.includes(equity.symbol) ? 'Picked · ' : ''}
                      {formatMoney(equity.price)}
                      {equity.stale ? ' · stale' : ''}
                    </span>
                  </>
                )}
              />
            </div>
            <Select
              label="Sector"
              id="picker-sector"
              value={filters.sector}
              options={[
                { value: '', label: 'All sectors' },
                ...sectors.map((sector) => ({ value: sector, label: sector })),
              ]}
              onChange={(e) => setFilters({ ...filters, sector: e.target.value })}
            />
            <Select
              label="Daily change"
              id="picker-change"
              value={filters.change}
              options={CHANGE_OPTIONS}
              onChange={(e) => setFilters({ ...filters, change: e.target.value as ChangeFilter })}
            />
            {priceFields.map((field) => (
              <TextInput
                key={field.id}
                label={field.label}
                id={field.id}
                type="number"
                min={0}
                inputMode="decimal"
                placeholder={field.placeholder}
                value={field.value}
                onChange={(e) => field.set(e.target.value)}
              />
            ))}
          </div>
          <div className="bp-row bp-row--between bp-small bp-muted">
            <span>
              Showing {visible.length} of {all.length}
              {market && !market.simulated ? ' · search above for any listed stock' : ''}
            </span>
            {filtered ? (
              <Button
                variant="ghost"
                size="small"
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
            <DataTable
              caption="Stocks to pick from"
              hideCaption
              columns={columns}
              rows={visible}
              rowKey={(equity) => equity.symbol}
              rowClassName={(equity) => (selected.includes(equity.symbol) ? 'bp-table__row--selected' : undefined)}
            />
          )}
        </div>
      </Card>

      <section className="bp-card picker-selection" aria-label="Selection">
        {tooDear.length > 0 ? (
          <Callout tone="warning" title={`${tooDear.map((e) => e.symbol).join(', ')} would buy no shares`}>
            Each pick gets {formatMoney(budget)} ({budgetReason});{' '}
            {tooDear.map((e) => `${e.symbol} costs ${formatMoney(e.price)}`).join(', ')} a share. Remove{' '}
            {tooDear.length === 1 ? 'it' : 'them'} to choose another.
          </Callout>
        ) : null}
        {cappedAtPct !== null ? (
          <p className="bp-small bp-muted" data-testid="cap-note">
            The {cappedAtPct}% position cap holds each pick to {formatMoney(budget)} of your {formatMoney(startingCash)}
            ; the rest stays as cash to trade with.
          </p>
        ) : null}
        <div className="bp-row bp-row--between picker-selection__bar">
          <div className="bp-stack bp-stack--tight">
            <span className="picker-selection__count" aria-live="polite" data-testid="pick-counter">
              {selected.length} / {picksCount} selected
            </span>
            {selected.length > 0 ? (
              <ul className="picker-picks" aria-label="Your picks">
                {selected.map((symbol) => (
                  <li key={symbol} className="picker-pick">
                    <span>{symbol}</span>
                    <button type="button" onClick={() => remove(symbol)}>
                      <span aria-hidden="true">×</span>
                      <span className="visually-hidden">Remove {symbol}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {full ? (
              // Why the other boxes are off, said where it stays in view.
              <span id={fullNoteId} className="bp-small picker-full-note">
                All {picksCount} picked: remove one (×) to choose another.
              </span>
            ) : null}
            {remaining > 0 || needsTeam ? (
              <span className="bp-small bp-muted">
                {remaining > 0 ? `Choose ${remaining} more` : 'Now choose your team'}
              </span>
            ) : null}
          </div>
          <Button variant="primary" disabled={!ready} onClick={onReview}>
            {reviewLabel}
          </Button>
        </div>
      </section>
    </div>
  );
}
