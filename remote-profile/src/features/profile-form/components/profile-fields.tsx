import { LIMITS } from '@bullpen/shared/schemas';
import { Field } from '@bullpen/shared/ui';
import type { ChangeEvent, ReactNode } from 'react';
import '@bullpen/shared/ui/parts.css';

// The fields shared by onboarding and the profile editor: call sign (upper-cased as typed), display name, bio.

export interface ProfileValues {
  callSign: string;
  displayName: string;
  bio: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** The call sign rules of API.md, each shown with whether the current value meets it. */
function callSignRules(value: string): { label: string; met: boolean }[] {
  return [
    { label: '2 to 8 characters', met: value.length >= 2 && value.length <= 8 },
    { label: 'letters A–Z and digits only', met: value.length > 0 && /^[A-Z0-9]+$/.test(value) },
    { label: 'starts with a letter', met: /^[A-Z]/.test(value) },
  ];
}

export function ProfileFields({
  values,
  errors,
  disabled,
  onChange,
}: {
  values: ProfileValues;
  errors: ProfileErrors;
  disabled?: boolean;
  onChange: (values: ProfileValues) => void;
}) {
  const rules = callSignRules(values.callSign);
  return (
    <>
      <Field id="pf-call-sign" label="Call sign" error={errors.callSign}>
        {(ids) => (
          <>
            <input
              className="bp-input bp-input--code"
              {...ids}
              aria-describedby={['pf-call-sign-rules', ids['aria-describedby']].filter(Boolean).join(' ')}
              name="callSign"
              autoComplete="nickname"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={8}
              value={values.callSign}
              disabled={disabled}
              onChange={(event) =>
                onChange({ ...values, callSign: event.target.value.toUpperCase().replace(/\s+/g, '') })
              }
            />
            <ul id="pf-call-sign-rules" className="bp-checklist" aria-label="Call sign rules">
              {rules.map((rule) => (
                <li key={rule.label} className={rule.met ? 'bp-checklist__met' : undefined}>
                  <span aria-hidden="true">{rule.met ? '✓' : '•'}</span> {rule.label}
                  <span className="visually-hidden">{rule.met ? ' (met)' : ' (not met)'}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Field>
      <CountedField
        name="displayName"
        label="Display name"
        autoComplete="name"
        values={values}
        errors={errors}
        disabled={disabled}
        onChange={onChange}
      />
      <CountedField
        name="bio"
        label={
          <>
            Bio <span className="bp-muted">(optional)</span>
          </>
        }
        values={values}
        errors={errors}
        disabled={disabled}
        onChange={onChange}
      />
    </>
  );
}

/** The name or the bio, with its length out of the most it may have (a count, not read as the field's description). */
function CountedField({
  name,
  label,
  autoComplete,
  values,
  errors,
  disabled,
  onChange,
}: {
  name: 'displayName' | 'bio';
  label: ReactNode;
  autoComplete?: string;
  values: ProfileValues;
  errors: ProfileErrors;
  disabled?: boolean;
  onChange: (values: ProfileValues) => void;
}) {
  const max = LIMITS[name].max;
  const value = values[name];
  const control = {
    name,
    autoComplete,
    maxLength: max,
    value,
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...values, [name]: event.target.value }),
  };
  return (
    <Field id={name === 'bio' ? 'pf-bio' : 'pf-display-name'} label={label} error={errors[name]}>
      {(ids) => (
        <>
          {name === 'bio' ? (
            <textarea className="bp-input bp-input--multiline" rows={3} {...ids} {...control} />
          ) : (
            <input className="bp-input" {...ids} {...control} />
          )}
          <p className="bp-field__counter">
            {value.length}/{max}
          </p>
        </>
      )}
    </Field>
  );
}
