import { useSignOut } from '../hooks/use-sign-out';

const style = {
  appearance: 'none',
  border: '1px solid #5bd0b3',
  borderRadius: '6px',
  background: 'transparent',
  color: '#5bd0b3',
  font: 'inherit',
  fontFamily: "ui-monospace, 'JetBrains Mono', 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
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
