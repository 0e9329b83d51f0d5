import { Field } from '@bullpen/shared/ui';
import type { InputHTMLAttributes } from 'react';
import { DEFAULT_DIAL_CODE, DIAL_CODES } from '../phone/dial-codes';
import { normalizePhoneNumber } from '../phone/normalize-phone-number';

type PhoneFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name'> & {
  label?: string;
  /** The number's form name; the dial code is `${name}_country`. */
  name: string;
  error?: string | null;
};

/** SPEC §3: a phone is a country code plus a number; the username is both, with punctuation removed. */
export function PhoneField({ label = 'Phone Number', name, error, disabled, ...input }: PhoneFieldProps) {
  return (
    <Field label={label} error={error}>
      {(ids) => (
        <div className="bullpen-auth__phone">
          <select
            className="bp-input bp-select bullpen-auth__dial-code"
            name={`${name}_country`}
            aria-label="Country code"
            disabled={disabled}
            defaultValue={DEFAULT_DIAL_CODE}
          >
            {DIAL_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <input
            className="bp-input"
            type="tel"
            name={name}
            autoComplete="username"
            inputMode="tel"
            disabled={disabled}
            {...ids}
            {...input}
          />
        </div>
      )}
    </Field>
  );
}

/** The E.164 username a PhoneField named `name` holds. */
export function phoneFrom(values: FormData, name: string): string {
  const country = values.get(`${name}_country`);
  const number = values.get(name);
  return normalizePhoneNumber(typeof country === 'string' ? country : DEFAULT_DIAL_CODE, String(number ?? ''));
}
