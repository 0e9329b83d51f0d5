import './ui.css';
import type { ReactNode } from 'react';
import { errorMessage } from '@bullpen/shared';
import { Button, ButtonLink } from './button';

export function EmptyState({
  title,
  children,
  action,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="bp-state">
      <h2 className="bp-state__title">{title}</h2>
      {children ? <div className="bp-state__text">{children}</div> : null}
      {action ? <div className="bp-state__action">{action}</div> : null}
    </div>
  );
}

/** A read that failed: what went wrong (the API's own message) and a way to try again. */
export function ErrorState({
  title = 'Could not load this',
  error,
  onRetry,
  retrying = false,
}: {
  title?: ReactNode;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="bp-state bp-state--error" role="alert">
      <h2 className="bp-state__title">{title}</h2>
      <p className="bp-state__text">{errorMessage(error)}</p>
      {onRetry ? (
        <div className="bp-state__action">
          <Button variant="primary" onClick={onRetry} loading={retrying} loadingText="Retrying…">
            Retry
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A page that could not be shown (not found, failed to load, not for this user): it stands for the whole page, so its
 * title is the page's one h1. It says why and offers a way on: Try again when there is something to retry, and home.
 */
export function PageError({
  title,
  message,
  onRetry,
  action,
  homeHref = '/home',
  tone = 'error',
}: {
  title: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  /** Another way on, instead of home (a link to the contest's leaderboard, say). */
  action?: ReactNode;
  homeHref?: string;
  /** 'info': nothing failed, the page is just not for now (a cancelled contest); not announced as an alert. */
  tone?: 'error' | 'info';
}) {
  return (
    <section className={`bp-state bp-state--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <h1 className="bp-state__title">{title}</h1>
      {message ? <p className="bp-state__text">{message}</p> : null}
      <div className="bp-state__action bp-state__actions">
        {onRetry ? (
          <Button variant="primary" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        {action ?? (
          <ButtonLink to={homeHref} variant={onRetry ? 'ghost' : 'secondary'}>
            Back to home
          </ButtonLink>
        )}
      </div>
    </section>
  );
}

export function PageHeader({
  eyebrow,
  title,
  subtitle,
  actions,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="bp-page-header">
      <div>
        {eyebrow ? <p className="bp-page-header__eyebrow">{eyebrow}</p> : null}
        <h1 className="bp-page-header__title">{title}</h1>
        {subtitle ? <p className="bp-page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="bp-page-header__actions">{actions}</div> : null}
    </header>
  );
}

/** A figure with its label; `trend` colours it (gain teal, loss red). */
export function Stat({ label, value, trend }: { label: ReactNode; value: ReactNode; trend?: 'up' | 'down' | 'flat' }) {
  return (
    <div className="bp-stat">
      <dt className="bp-stat__label">{label}</dt>
      <dd className={`bp-stat__value${trend ? ` bp-trend--${trend}` : ''}`}>{value}</dd>
    </div>
  );
}

export function StatGroup({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <dl className="bp-stat-group" aria-label={label}>
      {children}
    </dl>
  );
}
