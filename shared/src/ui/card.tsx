import './ui.css';
import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Buttons or links at the right of the title. */
  actions?: ReactNode;
  as?: 'section' | 'article' | 'div';
}

export function Card({ title, actions, as: Tag = 'section', className, children, ...rest }: CardProps) {
  return (
    <Tag className={['bp-card', className].filter(Boolean).join(' ')} {...rest}>
      {title || actions ? (
        <header className="bp-card__header">
          {title ? <h2 className="bp-card__title">{title}</h2> : <span />}
          {actions ? <div className="bp-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </Tag>
  );
}
