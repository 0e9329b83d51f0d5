import type { AuthFlow } from '../hooks/use-auth-flow';
import { AuthForm, formText } from './auth-form';
import { BackToSignIn } from './back-to-sign-in';
import { CodeField } from './code-field';

/** SPEC §2: the second step of a sign-in, a code from a text message or from an authenticator app. */
export function ConfirmSignInForm({
  flow,
  username,
  method,
  destination,
}: {
  flow: AuthFlow;
  username: string;
  method: 'SMS' | 'TOTP';
  destination?: string;
}) {
  return (
    <AuthForm
      flow={flow}
      title={method === 'SMS' ? 'Confirm SMS Code' : 'Confirm TOTP Code'}
      intro={
        method === 'SMS'
          ? `Enter the code we texted to ${destination ?? 'your phone'}.`
          : 'Enter the code your authenticator app shows for Bullpen.'
      }
      submitLabel="Confirm"
      pendingLabel="Confirming"
      onSubmit={(values) => flow.submit((calls) => calls.answerChallenge(username, formText(values, 'code')))}
      actions={<BackToSignIn flow={flow} />}
    >
      <CodeField />
    </AuthForm>
  );
}
