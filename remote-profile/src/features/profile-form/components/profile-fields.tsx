import { LIMITS } from '@bullpen/contract';
import { Field } from '@bullpen/shared/ui';
import type { ReactNode } from 'react';
import { type Control, useController } from 'react-hook-form';
import type { ProfileValues } from '../lib/profile-form-schema';
import '@bullpen/shared/ui/parts.css';

// The fields shared by onboarding and the profile editor: call sign (upper-cased as typed), display name, bio.

/** The call sign rules of API.md, each shown with whether the current value meets it. */
function callSignRules(value: string): { label: string; met: boolean }[] {
  return [
    { label: '2 to 8 characters', met: value.length >= 2 && value.length <= 8 },
    { label: 'letters A–Z and digits only', met: value.length > 0 && /^[A-Z0-9]+$/.test(value) },
    { label: 'starts with a letter', met: /^[A-Z]/.test(value) },
  ];
}

export function ProfileFields<Body>({
  control,
  disabled,
}: {
  control: Control<ProfileValues, unknown, Body>;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'callSign' });
  const rules = callSignRules(field.value);
  return (
    <>
      <Field id="pf-call-sign" label="Call sign" error={fieldState.error?.message}>
        {(ids) => (
          <>
            <input
              className="bp-input bp-input--code"
              {...ids}
              aria-describedby={['pf-call-sign-rules', ids['aria-describedby']].filter(Boolean).join(' ')}
              ref={field.ref}
              name={field.name}
              autoComplete="nickname"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={8}
              value={field.value}
              disabled={disabled}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value.toUpperCase().replace(/\s+/g, ''))}
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
      <CountedField name="displayName" label="Display name" autoComplete="name" control={control} disabled={disabled} />
      <CountedField
        name="bio"
        label={
          <>
            Bio <span className="bp-muted">(optional)</span>
          </>
        }
        control={control}
        disabled={disabled}
      />
    </>
  );
}

/** The name or the bio, with its length out of the most it may have (a count, not read as the field's description). */
function CountedField<Body>({
  name,
  label,
  autoComplete,
  control,
  disabled,
}: {
  name: 'displayName' | 'bio';
  label: ReactNode;
  autoComplete?: string;
  control: Control<ProfileValues, unknown, Body>;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  const max = LIMITS[name].max;
  const input = {
    ref: field.ref,
    name,
    autoComplete,
    maxLength: max,
    value: field.value,
    disabled,
    onBlur: field.onBlur,
    onChange: field.onChange,
  };
  return (
    <Field id={name === 'bio' ? 'pf-bio' : 'pf-display-name'} label={label} error={fieldState.error?.message}>
      {(ids) => (
        <>
          {name === 'bio' ? (
            <textarea className="bp-input bp-input--multiline" rows={3} {...ids} {...input} />
          ) : (
            <input className="bp-input" {...ids} {...input} />
          )}
          <p className="bp-field__counter">
            {field.value.length}/{max}
          </p>
        </>
      )}
    </Field>
  );
}
