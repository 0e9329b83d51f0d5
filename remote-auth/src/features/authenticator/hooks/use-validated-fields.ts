import { type ChangeEvent, useState } from 'react';
import type { FieldErrors, FormValues, Touched } from '../validation/sign-up-validation';

type Validate = (values: FormValues, touched: Touched, submitted: boolean) => FieldErrors;

/** What a field needs to show its value and its message: spread onto a TextInput or PasswordField. */
export interface BoundField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error: string | null;
}

function firstMessage(error: string | string[] | undefined): string | null {
  if (error === undefined) return null;
  return Array.isArray(error) ? (error[0] ?? null) : error;
}

/**
 * SPEC §4/§5: a form validated on change and on blur, and on submit, where a field's message shows once it has been
 * left (touched) or the form submitted, by the rules of `validate`.
 */
export function useValidatedFields<Name extends string>(names: readonly Name[], validate: Validate) {
  const [values, setValues] = useState<Record<Name, string>>(
    () => Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>,
  );
  const [touched, setTouched] = useState<Touched>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values, touched, submitted);

  const bind = (name: Name): BoundField => ({
    name,
    value: values[name],
    onChange: (event) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    error: firstMessage(errors[name]),
  });

  /** Judges every field, untouched ones included; true when the form may be sent. */
  const checkOnSubmit = (): boolean => {
    setSubmitted(true);
    return Object.keys(validate(values, touched, true)).length === 0;
  };

  return { values, bind, checkOnSubmit, hasErrors: Object.keys(errors).length > 0 };
}
