import './ui.css';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

// Form controls with their label, hint and error wired for screen readers (aria-describedby, aria-invalid).

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  /** The message under the control; its presence marks the control invalid. */
  error?: string | null;
}

interface ControlIds {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function Field({
  label,
  hint,
  error,
  id: givenId,
  children,
}: FieldChrome & { id?: string; children: (ids: ControlIds) => ReactNode }) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`bp-field${error ? ' bp-field--invalid' : ''}`}>
      <label className="bp-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p className="bp-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="bp-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({ label, hint, error, id, ...input }: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(ids) => <input className="bp-input" {...ids} {...input} />}
    </Field>
  );
}

export function Textarea({
  label,
  hint,
  error,
  id,
  ...input
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(ids) => <textarea className="bp-input bp-input--multiline" {...ids} {...input} />}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export function Select({
  label,
  hint,
  error,
  id,
  options,
  placeholder,
  ...select
}: FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[]; placeholder?: string }) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(ids) => (
        <select className="bp-input bp-select" {...ids} {...select}>
          {placeholder ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
