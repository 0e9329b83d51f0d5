import './ui.css';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  /** A smaller line under the value ("of 12 players"). */
  note?: ReactNode;
}

/**
 * Labelled values as a definition list: `tiles` (a grid of small boxes, a contest's or a result's key figures) or
 * `inline` ("Starts: Jan 5 · Picks: 3", a card's facts in one wrapping line).
 */
export function Facts({
  items,
  variant = 'tiles',
  label,
}: {
  items: readonly Fact[];
  variant?: 'tiles' | 'inline';
  label?: string;
}) {
  return (
    <dl className={`bp-facts bp-facts--${variant}`} aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className="bp-facts__item">
          <dt>{item.label}</dt>
          <dd>
            <span className="bp-facts__value">{item.value}</span>
            {item.note ? <small className="bp-facts__note">{item.note}</small> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
