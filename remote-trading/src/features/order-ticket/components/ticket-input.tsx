import { Field } from '@bullpen/shared/ui';
import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A ticket field registered with the form: the text stays as typed, the ticket says what is wrong with it. */
export function TicketInput({
  id,
  label,
  hint,
  error,
  registration,
  ...input
}: {
  id: string;
  label: string;
  /** What the value means for this order, in one line, read with the field. */
  hint: string;
  error: string | null;
  registration: UseFormRegisterReturn;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'type' | 'max'>) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <input className="bp-input" autoComplete="off" {...control} {...input} {...registration} />}
    </Field>
  );
}
