import { LIMITS, type CreateContestBody } from '@bullpen/shared/schemas';
import { type ChangeEvent, type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Callout, Field, Textarea, TextInput } from '@bullpen/shared/ui';
import { notifyError } from '../../contests';
import './contest-form.css';
import {
  type ContestFormField,
  type ContestFormValues,
  type FieldErrors,
  serverFieldErrors,
  validateContestForm,
} from '../lib/contest-form-values';
import { localTimeZone, timeZoneLabel } from '../lib/local-date-time';
import { AffiliationsEditor } from './affiliations-editor';

interface ApiErrorLike {
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
  const form = useRef<HTMLFormElement>(null);
  // Set by a submit that found errors: once they are drawn, the first invalid field takes the focus.
  const [showFirstError, setShowFirstError] = useState(0);
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

  // A refused submit leaves the user on the button, with the field to fix possibly far above it (a phone shows a
  // few fields at a time): bring the first invalid field, in the order the form shows them, into view and focus it.
  useEffect(() => {
    if (showFirstError === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView?.({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [showFirstError]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { body, errors: found } = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setShowFirstError((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(body);
    } catch (error) {
      // One message, where the user is looking: on the fields it concerns, or as a toast when no field can show it.
      const fieldErrors = serverFieldErrors((error as ApiErrorLike)?.errors ?? []);
      setErrors(fieldErrors);
      if (Object.values(fieldErrors).some(Boolean)) setShowFirstError((n) => n + 1);
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const isTeam = values.affiliations.length > 0;
  const errorCount = Object.values(errors).filter(Boolean).length;

  const locked = 'Locked: players have already joined';
  const bind = (field: 'startsAtLocal' | 'endsAtLocal' | 'picksCount' | 'startingCash' | 'maxParticipants') => ({
    value: values[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
  });
  // Start and end, in the viewer's own time zone (the form converts them to UTC).
  const momentField = (field: 'startsAtLocal' | 'endsAtLocal') => ({
    type: 'datetime-local',
    hint: `Your time zone: ${zone}`,
    ...bind(field),
  });
  // The number inputs' common part: bounds, step (whole dollars in thousands for cash), value and error.
  const numberField = (
    field: 'picksCount' | 'startingCash' | 'maxParticipants',
    min: number,
    max: number,
    step: number,
  ) => ({
    type: 'number',
    inputMode: field === 'startingCash' ? ('decimal' as const) : ('numeric' as const),
    min,
    max,
    step,
    ...bind(field),
  });
  const minParticipants = Math.max(LIMITS.maxParticipants.min, joined);

  return (
    <form ref={form} className="bp-stack contest-form" onSubmit={submit} noValidate aria-label="Contest details">
      <div className="bp-card bp-form-grid">
        <div className="bp-form-grid__wide">
          <TextInput
            label="Name"
            error={errors.name}
            hint={`${LIMITS.contestName.min}–${LIMITS.contestName.max} characters`}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="bp-form-grid__wide">
          <Textarea
            label="Description"
            error={errors.description}
            hint={`Optional, up to ${LIMITS.contestDescription.max} characters`}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <TextInput label="Starts" {...momentField('startsAtLocal')} />
        <TextInput label="Ends" {...momentField('endsAtLocal')} />
        <TextInput
          label="Picks per player"
          hint={lockEconomics ? locked : `${LIMITS.picksCount.min} to ${LIMITS.picksCount.max} stocks`}
          disabled={lockEconomics}
          {...numberField('picksCount', LIMITS.picksCount.min, LIMITS.picksCount.max, 1)}
        />
        <TextInput
          label="Starting cash (USD)"
          hint={
            lockEconomics
              ? locked
              : `$${LIMITS.startingCash.min.toLocaleString('en-US')} to $${LIMITS.startingCash.max.toLocaleString('en-US')} virtual dollars`
          }
          disabled={lockEconomics}
          {...numberField('startingCash', LIMITS.startingCash.min, LIMITS.startingCash.max, 1000)}
        />
        <TextInput
          label="Max participants"
          hint={`${minParticipants} to ${LIMITS.maxParticipants.max.toLocaleString('en-US')}`}
          {...numberField('maxParticipants', minParticipants, LIMITS.maxParticipants.max, 1)}
        />
        <fieldset className="bp-field contest-form__visibility">
          <legend className="bp-field__label">Visibility</legend>
          <div className="contest-form__segmented">
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
          <p className="bp-field__hint">
            {values.visibility === 'public'
              ? 'Listed on everyone’s home page.'
              : 'Only people with the invitation link can find it.'}
          </p>
        </fieldset>
        <div className="bp-form-grid__wide">
          <Field
            label="Teams (affiliations)"
            error={errors.affiliations}
            hint="Add team names to make this a team contest; each player then joins one team."
          >
            {(ids) => (
              <AffiliationsEditor
                id={ids.id}
                value={values.affiliations}
                describedBy={ids['aria-describedby']}
                invalid={Boolean(ids['aria-invalid'])}
                locked={lockedTeams}
                closed={joined > 0 && initialValues.affiliations.length === 0}
                onChange={(next) => set('affiliations', next)}
              />
            )}
          </Field>
          <p className="bp-small contest-form__teams" data-testid="team-collaboration">
            Team collaboration:{' '}
            <strong className={isTeam ? 'bp-text-primary' : 'bp-muted'}>
              {isTeam
                ? `Yes — ${values.affiliations.length} team${values.affiliations.length === 1 ? '' : 's'}`
                : 'No — solo contest'}
            </strong>
          </p>
        </div>
      </div>
      {errorCount > 0 ? (
        <Callout
          tone="danger"
          title={`Please fix ${errorCount === 1 ? 'the highlighted field' : `${errorCount} highlighted fields`}.`}
        />
      ) : null}
      <div className="bp-row bp-row--end">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={busy} loadingText={busyLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
