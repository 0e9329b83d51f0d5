import { Button } from '@bullpen/shared/ui';
import { useState } from 'react';
import { AuthForm, formText, type TextedCodeProps } from './auth-form';
import { BackToSignIn } from './back-to-sign-in';
import { CodeField } from './code-field';

/** SPEC §2: confirm sign-up with the texted code, with a resend. */
export function ConfirmSignUpForm({ flow, username, destination }: TextedCodeProps) {
  const [resent, setResent] = useState(false);
  const resend = () =>
    flow.submit(async (calls) => {
      const next = await calls.resendAccountCode(username);
      setResent(true);
      return next;
    });
  return (
    <AuthForm
      flow={flow}
      title="Confirm your account"
      intro={`We texted a code to ${destination ?? 'your phone'}. It may take a minute to arrive.`}
      submitLabel="Confirm"
      pendingLabel="Confirming"
      onSubmit={(values) => flow.submit((calls) => calls.confirmAccount(username, formText(values, 'code')))}
      actions={
        <>
          <Button variant="secondary" size="small" onClick={resend}>
            Resend Code
          </Button>
          <BackToSignIn flow={flow} />
        </>
      }
    >
      <CodeField label="Confirmation Code" />
      {resent ? (
        <p className="bullpen-auth__notice" role="status">
          A new code is on its way.
        </p>
      ) : null}
    </AuthForm>
  );
}
