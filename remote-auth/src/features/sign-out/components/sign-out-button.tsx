import { useSignOut } from '../hooks/use-sign-out';

const style = {
  appearance: 'none',
  border: '1px solid var(--color-primary, #5bd0b3)',
  borderRadius: 'var(--radius-small, 6px)',
  background: 'transparent',
  color: 'var(--color-primary, #5bd0b3)',
  font: 'inherit',
  fontFamily: "var(--font-mono, ui-monospace, 'JetBrains Mono', 'SFMono-Regular', Menlo, Consolas, monospace)",
  fontSize: '0.875rem',
  padding: '0.375rem 0.875rem',
  cursor: 'pointer',
} as const;

export function SignOutButton() {
  const { signOut, pending } = useSignOut();
  return (
    <button
      type="button"
      onClick={() => void signOut()}
      disabled={pending}
      aria-busy={pending}
      style={pending ? { ...style, opacity: 0.6, cursor: 'progress' } : style}
    >
      {pending ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
