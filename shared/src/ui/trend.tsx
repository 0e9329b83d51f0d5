import './ui.css';
import type { ReactNode } from 'react';
import { formatPercent, percentTrend, trend } from '../format/format';

const known = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && !Number.isNaN(value);

/**
 * A change coloured by its direction: gain teal, loss red, none muted. Without children it is a return (a fraction)
 * written as a signed percentage and coloured by the figure shown, so one that rounds to 0.00% is flat, not red.
 * With children it colours them by the sign of `value` (a side, a P&L beside its percentage).
 */
export function Trend({ value, children }: { value: number | null | undefined; children?: ReactNode }) {
  if (children === undefined) {
    return <span className={`bp-trend--${known(value) ? percentTrend(value) : 'flat'}`}>{formatPercent(value)}</span>;
  }
  return <span className={`bp-trend--${known(value) ? trend(value) : 'flat'}`}>{children}</span>;
}
