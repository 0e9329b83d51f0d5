import './ui.css';
import type { ReactNode } from 'react';
import { formatPercent, roundHalfAway, trend } from '../format/format';

const direction = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? 'flat' : trend(value);

/**
 * A change coloured by its direction: gain teal, loss red, none muted. Without children it is a return (a fraction)
 * written as a signed percentage and coloured by the figure shown, so one that rounds to 0.00% is flat, not red.
 * With children it colours them by the sign of `value` (a side, a P&L beside its percentage).
 */
export function Trend({ value, children }: { value: number | null | undefined; children?: ReactNode }) {
  if (children === undefined) {
    const shown = value === null || value === undefined ? value : roundHalfAway(value * 100, 2);
    return <span className={`bp-trend--${direction(shown)}`}>{formatPercent(value)}</span>;
  }
  return <span className={`bp-trend--${direction(value)}`}>{children}</span>;
}
