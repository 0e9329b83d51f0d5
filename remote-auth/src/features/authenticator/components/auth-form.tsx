import { Button } from '@bullpen/shared/ui';
import type { FormEvent, ReactNode } from 'react';
import type { AuthFlow } from '../hooks/use-auth-flow';
import { ErrorAlert } from './error-alert';

export interface AuthFormProps {
  flow: AuthFlow;
  /** The screen's heading; the two tabs name their own forms instead. */
  title?: string;
  intro?: ReactNode;
  submitLabel: string;
  /** What the button says while the request is pending (SPEC §2: "buttons show loading text"). */
  pendingLabel: string;
  /** Called with the form's values once the browser's checks (required fields) have passed. */
  onSubmit: (values: FormData) => void;
  /** Kept disabled while the form shows a validation message (SPEC §5, sign-up). */
  submitDisabled?: boolean;
  /** The form judges its own fields and shows the messages under them (sign-up) instead of the browser's. */
  noValidate?: boolean;
  /** Secondary actions under the submit button: resend a code, back to sign in, skip. */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * One screen of the widget: its fields, the request's error above the submit button, and the actions under it. While
 * a request is pending the whole form is disabled (SPEC §2) through its fieldset.
 */
export function AuthForm({
  flow,
  title,
  intro,
  submitLabel,
  pendingLabel,
  onSubmit,
  submitDisabled = false,
  noValidate = false,
  actions,
  children,
}: AuthFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!flow.pending) onSubmit(new FormData(event.currentTarget));
  };
  return (
    <form className="bullpen-auth__form" onSubmit={handleSubmit} noValidate={noValidate}>
      {title ? <h2 className="bullpen-auth__heading">{title}</h2> : null}
      {intro ? <p className="bullpen-auth__intro">{intro}</p> : null}
      <fieldset className="bullpen-auth__fields" disabled={flow.pending}>
        {children}
        {flow.error ? <ErrorAlert message={flow.error} onDismiss={flow.dismissError} /> : null}
        <Button
          type="submit"
          variant="primary"
          block
          loading={flow.pending}
          loadingText={pendingLabel}
          disabled={submitDisabled}
        >
          {submitLabel}
        </Button>
        {actions ? <div className="bullpen-auth__actions">{actions}</div> : null}
      </fieldset>
    </form>
  );
}

/** A screen that asks for the code the pool texted to `username` (shown masked as `destination`). */
export interface TextedCodeProps {
  flow: AuthFlow;
  username: string;
  destination?: string;
}

/** A form value as text: codes and numbers are trimmed (SPEC §5), passwords are not. */
export function formText(values: FormData, name: string, { trim = true } = {}): string {
  const value = values.get(name);
  const text = typeof value === 'string' ? value : '';
  return trim ? text.trim() : text;
}
