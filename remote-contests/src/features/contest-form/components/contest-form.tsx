import { LIMITS, type CreateContestBody } from '@bullpen/shared/schemas';
import { type FormEvent, useMemo, useState } from 'react';
import { Button, Field, Notice, notifyError } from '../../contests';
import {
  type ContestFormField,
  type ContestFormValues,
  type FieldErrors,
  serverFieldErrors,
  validateContestForm,
} from '../lib/contest-form-values';
import { localTimeZone, timeZoneLabel } from '../lib/local-date-time';
import { AffiliationsEditor } from './affiliations-editor';

export interface ApiErrorLike {
  message?: string;
  errors?: { field: string; message: string }[];
}

/**
 * Create and edit share this form. It validates with the shared zod schema before sending, and shows the
 * server's field errors on the fields when the server disagrees (the server decides).
 */
export function ContestForm({
  initialValues,
  submitLabel,
  busyLabel,
  lockEconomics = false,
  lockedTeams = [],
  joined = 0,
  onSubmit,
  onCancel,
}: {
  initialValues: ContestFormValues;
  submitLabel: string;
  busyLabel: string;
  /** Picks count and starting cash cannot change once someone has joined (API.md edit-contest). */
  lockEconomics?: boolean;
  lockedTeams?: readonly string[];
  /** Players already in the contest (edit): max participants cannot go below it, and a solo contest stays solo. */
  joined?: number;
  /** Resolves when done; rejects with the API error, whose field errors land on the fields. */
  onSubmit: (body: CreateContestBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const zone = useMemo(() => {
    const name = localTimeZone();
    const short = timeZoneLabel();
    return short && short !== name ? `${name} (${short})` : name;
  }, []);

  // The server's edit rules that the form can check itself, so the user hears them on the field, not in a toast.
  const validate = (candidate: ContestFormValues) => {
    const result = validateContestForm(candidate);
    if (joined > 0 && !result.errors.maxParticipants && result.body.maxParticipants < joined) {
      result.errors.maxParticipants = `At least ${joined} (players already joined)`;
    }
    return result;
  };

  const set = <K extends ContestFormField>(field: K, value: ContestFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first submit, errors follow the user's typing so fixed fields clear at once.
    if (submitted) setErrors(validate(next).errors);
    else if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { body, errors: found } = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await onSubmit(body);
    } catch (error) {
      // One message, where the user is looking: on the fields it concerns, or as a toast when no field can show it.
      const fieldErrors = serverFieldErrors((error as ApiErrorLike)?.errors ?? []);
      setErrors(fieldErrors);
      if (!Object.values(fieldErrors).some(Boolean)) notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const isTeam = values.affiliations.length > 0;
  const errorCount = Object.values(errors).filter(Boolean).length;

  return (
    <form className="bpc-stack" style={{ gap: 20 }} onSubmit={submit} noValidate aria-label="Contest details">
      <div className="bpc-panel bpc-form-grid">
        <Field
          label="Name"
          error={errors.name}
          span
          hint={`${LIMITS.contestName.min}–${LIMITS.contestName.max} characters`}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="bpc-input"
              value={values.name}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => set('name', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field
          label="Description"
          error={errors.description}
          span
          hint={`Optional, up to ${LIMITS.contestDescription.max} characters`}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              className="bpc-input"
              value={values.description}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Field>
        <Field label="Starts" error={errors.startsAtLocal} hint={`Your time zone: ${zone}`}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="datetime-local"
              className="bpc-input"
              value={values.startsAtLocal}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => set('startsAtLocal', e.target.value)}
            />
          )}
        </Field>
        <Field label="Ends" error={errors.endsAtLocal} hint={`Your time zone: ${zone}`}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="datetime-local"
              className="bpc-input"
              value={values.endsAtLocal}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => set('endsAtLocal', e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Picks per player"
          error={errors.picksCount}
          hint={
            lockEconomics
              ? 'Locked: players have already joined'
              : `${LIMITS.picksCount.min} to ${LIMITS.picksCount.max} stocks`
          }
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={LIMITS.picksCount.min}
              max={LIMITS.picksCount.max}
              step={1}
              className="bpc-input"
              value={values.picksCount}
              disabled={lockEconomics}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => set('picksCount', e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Starting cash (USD)"
          error={errors.startingCash}
          hint={
            lockEconomics
              ? 'Locked: players have already joined'
              : `$${LIMITS.startingCash.min.toLocaleString('en-US')} to $${LIMITS.startingCash.max.toLocaleString('en-US')} virtual dollars`
          }
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="number"
              inputMode="decimal"
              min={LIMITS.startingCash.min}
              max={LIMITS.startingCash.max}
              step={1000}
              className="bpc-input"
              value={values.startingCash}
              disabled={lockEconomics}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => set('startingCash', e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Max participants"
          error={errors.maxParticipants}
          hint={`${Math.max(LIMITS.maxParticipants.min, joined)} to ${LIMITS.maxParticipants.max.toLocaleString('en-US')}`}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={Math.max(LIMITS.maxParticipants.min, joined)}
              max={LIMITS.maxParticipants.max}
              step={1}
              className="bpc-input"
              value={values.maxParticipants}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => set('maxParticipants', e.target.value)}
            />
          )}
        </Field>
        <fieldset className="bpc-field" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="bpc-label" style={{ marginBottom: 6 }}>
            Visibility
          </legend>
          <div className="bpc-segmented">
            {(['public', 'private'] as const).map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="visibility"
                  value={option}
                  checked={values.visibility === option}
                  onChange={() => set('visibility', option)}
                />
                {option === 'public' ? 'Public' : 'Private'}
              </label>
            ))}
          </div>
          <span className="bpc-hint">
            {values.visibility === 'public'
              ? 'Listed on everyone’s home page.'
              : 'Only people with the invitation link can find it.'}
          </span>
        </fieldset>
        <div className="bpc-span">
          <Field
            label="Teams (affiliations)"
            error={errors.affiliations}
            hint="Add team names to make this a team contest; each player then joins one team."
          >
            {({ id, describedBy, invalid }) => (
              <AffiliationsEditor
                id={id}
                value={values.affiliations}
                describedBy={describedBy}
                invalid={invalid}
                locked={lockedTeams}
                closed={joined > 0 && initialValues.affiliations.length === 0}
                onChange={(next) => set('affiliations', next)}
              />
            )}
          </Field>
          <p className="bpc-small" style={{ margin: '12px 0 0' }} data-testid="team-collaboration">
            Team collaboration:{' '}
            <strong className={isTeam ? 'bpc-tone-primary' : 'bpc-muted'}>
              {isTeam
                ? `Yes — ${values.affiliations.length} team${values.affiliations.length === 1 ? '' : 's'}`
                : 'No — solo contest'}
            </strong>
          </p>
        </div>
      </div>
      {errorCount > 0 ? (
        <Notice
          tone="loss"
          title={`Please fix ${errorCount === 1 ? 'the highlighted field' : `${errorCount} highlighted fields`}.`}
        />
      ) : null}
      <div className="bpc-row" style={{ justifyContent: 'flex-end' }}>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" busy={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
