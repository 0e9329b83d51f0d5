import './ui.css';
import type { ReactNode } from 'react';

export type CalloutTone = 'info' | 'success' | 'warning' | 'danger';

/** A boxed remark in the page's flow (not a toast): a title in the tone's colour and, optionally, a sentence. */
export function Callout({
  tone = 'warning',
  title,
  children,
}: {
  tone?: CalloutTone;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={`bp-callout bp-callout--${tone}`} role="note">
      <strong className="bp-callout__title">{title}</strong>
      {children ? <p className="bp-callout__text">{children}</p> : null}
    </div>
  );
}
