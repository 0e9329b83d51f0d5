import { CALL_SIGN_PATTERN, LIMITS } from '@bullpen/shared/schemas';
import './profile-form.css';

// The fields shared by onboarding and the profile editor: call sign (upper-cased as typed), display name, bio.

export interface ProfileValues {
  callSign: string;
  displayName: string;
  bio: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** The call sign rules of API.md, each shown with whether the current value meets it. */
export function callSignRules(value: string): { label: string; met: boolean }[] {
  return [
    { label: '2 to 8 characters', met: value.length >= 2 && value.length <= 8 },
    { label: 'letters A–Z and digits only', met: value.length > 0 && /^[A-Z0-9]+$/.test(value) },
    { label: 'starts with a letter', met: /^[A-Z]/.test(value) },
  ];
}

export function isCallSign(value: string): boolean {
  return CALL_SIGN_PATTERN.test(value);
}

/** aria-describedby names only elements that are on the page: an error's id only while the error shows. */
const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;

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
      <div className="pf-field">
        <label htmlFor="pf-call-sign">Call sign</label>
        <input
          id="pf-call-sign"
          name="callSign"
          autoComplete="nickname"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={8}
          value={values.callSign}
          disabled={disabled}
          aria-invalid={Boolean(errors.callSign)}
          aria-describedby={describedBy('pf-call-sign-rules', Boolean(errors.callSign) && 'pf-call-sign-error')}
          onChange={(event) => onChange({ ...values, callSign: event.target.value.toUpperCase().replace(/\s+/g, '') })}
        />
        <ul id="pf-call-sign-rules" className="pf-rules" aria-label="Call sign rules">
          {rules.map((rule) => (
            <li key={rule.label} className={rule.met ? 'pf-rule pf-rule--met' : 'pf-rule'}>
              <span aria-hidden="true">{rule.met ? '✓' : '•'}</span> {rule.label}
              <span className="visually-hidden">{rule.met ? ' (met)' : ' (not met)'}</span>
            </li>
          ))}
        </ul>
        {errors.callSign ? (
          <p id="pf-call-sign-error" className="pf-error" role="alert">
            {errors.callSign}
          </p>
        ) : null}
      </div>

      <div className="pf-field">
        <label htmlFor="pf-display-name">Display name</label>
        <input
          id="pf-display-name"
          name="displayName"
          autoComplete="name"
          maxLength={LIMITS.displayName.max}
          value={values.displayName}
          disabled={disabled}
          aria-invalid={Boolean(errors.displayName)}
          aria-describedby={describedBy(Boolean(errors.displayName) && 'pf-display-name-error')}
          onChange={(event) => onChange({ ...values, displayName: event.target.value })}
        />
        <p className="pf-counter">
          {values.displayName.length}/{LIMITS.displayName.max}
        </p>
        {errors.displayName ? (
          <p id="pf-display-name-error" className="pf-error" role="alert">
            {errors.displayName}
          </p>
        ) : null}
      </div>

      <div className="pf-field">
        <label htmlFor="pf-bio">
          Bio <span className="pf-optional">(optional)</span>
        </label>
        <textarea
          id="pf-bio"
          name="bio"
          rows={3}
          maxLength={LIMITS.bio.max}
          value={values.bio}
          disabled={disabled}
          aria-invalid={Boolean(errors.bio)}
          aria-describedby={describedBy(Boolean(errors.bio) && 'pf-bio-error')}
          onChange={(event) => onChange({ ...values, bio: event.target.value })}
        />
        <p className="pf-counter">
          {values.bio.length}/{LIMITS.bio.max}
        </p>
        {errors.bio ? (
          <p id="pf-bio-error" className="pf-error" role="alert">
            {errors.bio}
          </p>
        ) : null}
      </div>
    </>
  );
}
