import { Field } from '@bullpen/shared/ui';
import { type InputHTMLAttributes, useState } from 'react';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string | null;
};

/** A password with the show/hide toggle of SPEC §2: a switch, so a screen reader hears whether it is shown. */
export function PasswordField({ label, error, className, ...input }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} error={error}>
      {(ids) => (
        <div className="bullpen-auth__password">
          <input
            className={['bp-input', className].filter(Boolean).join(' ')}
            type={shown ? 'text' : 'password'}
            {...ids}
            {...input}
          />
          <button
            type="button"
            role="switch"
            aria-checked={shown}
            aria-label="Show password"
            className="bullpen-auth__reveal"
            onClick={() => setShown((value) => !value)}
          >
            <EyeIcon crossed={shown} />
          </button>
        </div>
      )}
    </Field>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
