import './ui.css';
import { Link, type LinkProps } from '@bullpen/shared';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'small' | 'medium';
  /** While true the button is disabled and says `loadingText` (SPEC §2: buttons show loading text while pending). */
  loading?: boolean;
  loadingText?: string;
  block?: boolean;
  /** The button itself (React 19 passes `ref` as a prop): to give the focus back to it. */
  ref?: Ref<HTMLButtonElement>;
}

const buttonClasses = (variant: ButtonVariant, size: 'small' | 'medium', block: boolean, className?: string) =>
  ['bp-button', `bp-button--${variant}`, `bp-button--${size}`, block ? 'bp-button--block' : '', className]
    .filter(Boolean)
    .join(' ');

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
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, block, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="small" /> : null}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

/** A link that looks like a button: navigation (to another page) rather than an action. */
export function ButtonLink({
  variant = 'secondary',
  size = 'medium',
  block = false,
  className,
  ...rest
}: LinkProps & { variant?: ButtonVariant; size?: 'small' | 'medium'; block?: boolean }) {
  return <Link {...rest} className={buttonClasses(variant, size, block, className)} />;
}
