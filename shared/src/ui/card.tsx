import './ui.css';
import { type HTMLAttributes, type ReactNode, useId } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Buttons or links at the right of the title. */
  actions?: ReactNode;
  as?: 'section' | 'article' | 'div';
}

/** A surface for one part of a page. With a title, the card is named by it (a landmark a screen reader can jump to). */
export function Card({ title, actions, as: Tag = 'section', className, children, ...rest }: CardProps) {
  const titleId = useId();
  const named = Boolean(title) && !rest['aria-label'] && !rest['aria-labelledby'];
  return (
    <Tag
      className={['bp-card', className].filter(Boolean).join(' ')}
      aria-labelledby={named ? titleId : undefined}
      {...rest}
    >
      {title || actions ? (
        <header className="bp-card__header">
          {title ? (
            <h2 className="bp-card__title" id={titleId}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          {actions ? <div className="bp-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </Tag>
  );
}
