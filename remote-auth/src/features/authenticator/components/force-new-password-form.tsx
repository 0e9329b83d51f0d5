import type { AuthFlow } from '../hooks/use-auth-flow';
import { useValidatedFields } from '../hooks/use-validated-fields';
import { validateNewPassword } from '../validation/sign-up-validation';
import { AuthForm } from './auth-form';
import { BackToSignIn } from './back-to-sign-in';
import { NewPasswordFields } from './new-password-fields';

const FIELDS = ['password', 'confirm_password'] as const;

/** SPEC §2: the forced new password of an account an administrator created with a temporary one. */
export function ForceNewPasswordForm({ flow, username }: { flow: AuthFlow; username: string }) {
  const form = useValidatedFields(FIELDS, validateNewPassword);
  return (
    <AuthForm
      flow={flow}
      title="Change Password"
      intro="Choose your own password to replace the temporary one."
      submitLabel="Change Password"
      pendingLabel="Changing"
      submitDisabled={form.hasErrors}
      onSubmit={() => {
        if (form.checkOnSubmit()) void flow.submit((calls) => calls.answerChallenge(username, form.values.password));
      }}
      actions={<BackToSignIn flow={flow} />}
    >
      <NewPasswordFields label="Password" password={form.bind('password')} confirm={form.bind('confirm_password')} />
    </AuthForm>
  );
}
