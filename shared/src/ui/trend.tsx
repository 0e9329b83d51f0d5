import './ui.css';
import type { ReactNode } from 'react';
import { trend } from '../format/format';

/** A signed figure coloured by its direction (gain teal, loss red); no value or zero keeps the text colour. */
export function Trend({ value, children }: { value: number | null | undefined; children: ReactNode }) {
  const direction = value === null || value === undefined || Number.isNaN(value) ? 'flat' : trend(value);
  return <span className={direction === 'flat' ? undefined : `bp-trend--${direction}`}>{children}</span>;
}
