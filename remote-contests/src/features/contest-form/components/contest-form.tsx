import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateContestBody, LIMITS } from '@bullpen/contract';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button, Callout, Field, Textarea, TextInput } from '@bullpen/shared/ui';
import { notifyError } from '../../contests';
import './contest-form.css';
import { contestFormSchema } from '../lib/contest-form-schema';
import { type ContestFormField, type ContestFormValues, serverFieldErrors } from '../lib/contest-form-values';
import { localTimeZone, timeZoneLabel } from '../lib/local-date-time';
import { AffiliationsEditor } from './affiliations-editor';
import { RulesSection } from './rules-section';

interface ApiErrorLike {
  message?: string;
  errors?: { field: string; message: string }[];
}

/**
 * Create and edit share this form, on react-hook-form: the values as typed, checked by the shared zod schemas
 * (contestFormSchema) on submit and, after a first submit, on every change, so fixed fields clear at once. The
 * server's field errors land on the fields when it disagrees (the server decides).
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
  /** Picks count, starting cash and the rules cannot change once someone has joined (API.md edit-contest). */
  lockEconomics?: boolean;
  lockedTeams?: readonly string[];
  /** Players already in the contest (edit): max participants cannot go below it, and a solo contest stays solo. */
  joined?: number;
  /** Resolves when done; rejects with the API error, whose field errors land on the fields. */
  onSubmit: (body: CreateContestBody) => Promise<void>;
  onCancel?: () => void;
}) {
  // The schema accepts locked fields as missing (a disabled input reports none), so its input type is wider than the
  // form's values: the cast only narrows it back to what the form always holds.
  const resolver = useMemo(
    () =>
      zodResolver(
        contestFormSchema({
          joined,
          withRules: !lockEconomics,
          fixed: lockEconomics
            ? {
                picksCount: initialValues.picksCount,
                startingCash: initialValues.startingCash,
                shortSelling: initialValues.shortSelling,
                commissionPerTrade: initialValues.commissionPerTrade,
                commissionPerShare: initialValues.commissionPerShare,
                maxPositionPct: initialValues.maxPositionPct,
              }
            : {},
        }),
      ) as unknown as Resolver<ContestFormValues, unknown, CreateContestBody>,
    [joined, lockEconomics, initialValues],
  );
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors: formErrors, isSubmitting, isSubmitted },
  } = useForm<ContestFormValues, unknown, CreateContestBody>({
    defaultValues: initialValues,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The form focuses the first invalid field in the order it shows them (below), teams editor included.
    shouldFocusError: false,
  });
  const form = useRef<HTMLFormElement>(null);
  // Set by a submit that found errors: once they are drawn, the first invalid field takes the focus.
  const focusFirstError = useRef(false);
  const [, redraw] = useState(0);
  const showFirstError = () => {
    focusFirstError.current = true;
    redraw((n) => n + 1);
  };
  const zone = useMemo(() => {
    const name = localTimeZone();
    const short = timeZoneLabel();
    return short && short !== name ? `${name} (${short})` : name;
  }, []);
  const error = (field: ContestFormField) => formErrors[field]?.message;

  // A refused submit leaves the user on the button, with the field to fix possibly far above it (a phone shows a
  // few fields at a time): bring the first invalid field, in the order the form shows them, into view and focus it.
  // react-hook-form draws a refused submit's errors after its onInvalid, so this waits for the render that has them,
  // and runs as soon as it is committed (a layout effect), so the focus never lags behind the errors.
  useLayoutEffect(() => {
    if (!focusFirstError.current) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    focusFirstError.current = false;
    first.scrollIntoView?.({ block: 'center' });
    first.focus({ preventScroll: true });
  });

  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (failure) {
      // One message, where the user is looking: on the fields it concerns, or as a toast when no field can show it.
      const fieldErrors = Object.entries(serverFieldErrors((failure as ApiErrorLike)?.errors ?? []));
      for (const [field, message] of fieldErrors) {
        if (message) setError(field as ContestFormField, { type: 'server', message });
      }
      if (fieldErrors.length > 0) showFirstError();
      else notifyError(failure);
    }
  }, showFirstError);

  const affiliations = watch('affiliations');
  const visibility = watch('visibility');
  const isTeam = affiliations.length > 0;
  const errorCount = Object.values(formErrors).filter((found) => found?.message).length;

  const locked = 'Locked: players have already joined';
  // Start and end, in the viewer's own time zone (the form converts them to UTC).
  const momentField = (field: 'startsAtLocal' | 'endsAtLocal') => ({
    type: 'datetime-local',
    hint: `Your time zone: ${zone}`,
    error: error(field),
    ...register(field),
  });
  // The number inputs' common part: bounds, step (whole dollars in thousands for cash), registration and error.
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
    error: error(field),
    ...register(field),
  });
  const minParticipants = Math.max(LIMITS.maxParticipants.min, joined);

  return (
    <form ref={form} className="bp-stack contest-form" onSubmit={submit} noValidate aria-label="Contest details">
      <div className="bp-card bp-form-grid">
        <div className="bp-form-grid__wide">
          <TextInput
            label="Name"
            error={error('name')}
            hint={`${LIMITS.contestName.min}–${LIMITS.contestName.max} characters`}
            autoComplete="off"
            {...register('name')}
          />
        </div>
        <div className="bp-form-grid__wide">
          <Textarea
            label="Description"
            error={error('description')}
            hint={`Optional, up to ${LIMITS.contestDescription.max} characters`}
            {...register('description')}
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
                <input type="radio" value={option} {...register('visibility')} />
                {option === 'public' ? 'Public' : 'Private'}
              </label>
            ))}
          </div>
          <p className="bp-field__hint">
            {visibility === 'public'
              ? 'Listed on everyone’s home page.'
              : 'Only people with the invitation link can find it.'}
          </p>
        </fieldset>
        <div className="bp-form-grid__wide">
          <Field
            label="Teams (affiliations)"
            error={error('affiliations')}
            hint="Add team names to make this a team contest; each player then joins one team."
          >
            {(ids) => (
              <AffiliationsEditor
                id={ids.id}
                value={affiliations}
                describedBy={ids['aria-describedby']}
                invalid={Boolean(ids['aria-invalid'])}
                locked={lockedTeams}
                closed={joined > 0 && initialValues.affiliations.length === 0}
                onChange={(next) => setValue('affiliations', next, { shouldDirty: true, shouldValidate: isSubmitted })}
              />
            )}
          </Field>
          <p className="bp-small contest-form__teams" data-testid="team-collaboration">
            Team collaboration:{' '}
            <strong className={isTeam ? 'bp-text-primary' : 'bp-muted'}>
              {isTeam
                ? `Yes — ${affiliations.length} team${affiliations.length === 1 ? '' : 's'}`
                : 'No — solo contest'}
            </strong>
          </p>
        </div>
      </div>
      <RulesSection
        register={register}
        error={error}
        locked={lockEconomics}
        values={initialValues}
        shortSelling={watch('shortSelling')}
        onShortSellingChange={(allowed) =>
          setValue('shortSelling', allowed, { shouldDirty: true, shouldValidate: isSubmitted })
        }
      />
      {errorCount > 0 ? (
        <Callout
          tone="danger"
          title={`Please fix ${errorCount === 1 ? 'the highlighted field' : `${errorCount} highlighted fields`}.`}
        />
      ) : null}
      <div className="bp-row bp-row--end">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText={busyLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
