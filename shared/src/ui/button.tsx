import './ui.css';
import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'small' | 'medium';
  /** While true the button is disabled and says `loadingText` (SPEC §2: buttons show loading text while pending). */
  loading?: boolean;
  loadingText?: string;
  block?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'medium',
  loading = false,
  loadingText,
  block = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['bp-button', `bp-button--${variant}`, `bp-button--${size}`, block ? 'bp-button--block' : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner size="small" /> : null}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
