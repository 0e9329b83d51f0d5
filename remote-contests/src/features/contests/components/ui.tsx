import type { ContestStatus } from '@bullpen/shared/schemas';
import { type ButtonHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, type LinkProps } from '@bullpen/shared';
import { formatCountdown, trendOf } from '../lib/format';
import { STATUS_LABEL, STATUS_TONE, type Tone } from '../lib/contest-status';
import { CONTESTS_CSS } from './contests-css';

// Small building blocks of the contest screens, styled by CONTESTS_CSS.

export function Screen({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section className="bpc-screen" aria-label={label}>
      {/* React 19 hoists <title> into the document head. */}
      {label ? <title>{`${label} · Bullpen`}</title> : null}
      {/* React 19 hoists and dedupes a style with href+precedence, so every screen can declare it. */}
      <style href="bullpen-contests" precedence="default">
        {CONTESTS_CSS}
      </style>
      {children}
    </section>
  );
}

export function Panel({ title, children, actions }: { title?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="bpc-panel">
      {title || actions ? (
        <div className="bpc-row bpc-between" style={{ marginBottom: 12 }}>
          {title ? <h2 style={{ margin: 0 }}>{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const buttonClass = (variant: Variant, small?: boolean) =>
  ['bpc-btn', variant === 'secondary' ? '' : `bpc-${variant}`, small ? 'bpc-small-btn' : ''].filter(Boolean).join(' ');

export function Button({
  variant = 'secondary',
  small,
  busy,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; small?: boolean; busy?: boolean }) {
  return (
    <button
      type="button"
      {...rest}
      className={buttonClass(variant, small)}
      disabled={rest.disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}

export function ButtonLink({
  variant = 'secondary',
  small,
  ...rest
}: LinkProps & { variant?: Variant; small?: boolean }) {
  return <Link {...rest} className={buttonClass(variant, small)} />;
}

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`bpc-badge bpc-tone-${tone}`}>{children}</span>;
}

export function StatusBadge({ status }: { status: ContestStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}

export function SimulatedPrices() {
  return (
    <span className="bpc-simulated" title="Prices come from Bullpen's market simulator, not a live exchange">
      Simulated prices
    </span>
  );
}

/** A signed value coloured by its direction: gain teal/green, loss red. */
export function Trend({ value, children }: { value: number | null | undefined; children: ReactNode }) {
  const trend = trendOf(value);
  return <span className={trend === 'flat' ? undefined : `bpc-tone-${trend}`}>{children}</span>;
}

export function Notice({ tone = 'warning', title, children }: { tone?: Tone; title: string; children?: ReactNode }) {
  return (
    <div className={`bpc-notice bpc-tone-${tone}`} role="note">
      <strong>{title}</strong>
      {children ? <p>{children}</p> : null}
    </div>
  );
}

export function Field({
  label,
  hint,
  error,
  span,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  span?: boolean;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`bpc-field${span ? ' bpc-span' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <span id={hintId} className="bpc-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="bpc-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="bpc-facts">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Counts down to a moment, re-rendering every second. */
export function Countdown({
  to,
  doneText = 'Starting now',
  onDone,
}: {
  to: string;
  doneText?: string;
  onDone?: () => void;
}) {
  const target = Date.parse(to);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = target - now;
  const done = left <= 0;
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    // Fires when the moment passes while the screen is open (not for moments already past on arrival).
    if (done && Date.now() - target < 5_000) onDoneRef.current?.();
  }, [done, target]);
  return (
    <time dateTime={to} aria-live="off">
      {left > 0 ? formatCountdown(left) : doneText}
    </time>
  );
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Keep it',
  danger,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, busy, onClose]);
  if (!open) return null;
  return (
    <div className="bpc-backdrop">
      <div className="bpc-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        <p>{children}</p>
        <div className="bpc-row">
          <button ref={cancelRef} type="button" className="bpc-btn" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
