import { Button } from '@bullpen/shared/ui';
import { useValidatedFields } from '../hooks/use-validated-fields';
import { validateNewPassword } from '../validation/sign-up-validation';
import { AuthForm, formText, type TextedCodeProps } from './auth-form';
import { BackToSignIn } from './back-to-sign-in';
import { CodeField } from './code-field';
import { NewPasswordFields } from './new-password-fields';

const FIELDS = ['password', 'confirm_password'] as const;

/** SPEC §2 forgot password, second step: the texted code and a new password, with a resend. */
export function ConfirmResetPasswordForm({ flow, username, destination }: TextedCodeProps) {
  const form = useValidatedFields(FIELDS, validateNewPassword);
  return (
    <AuthForm
      flow={flow}
      title="Reset Password"
      intro={`Enter the code we texted to ${destination ?? 'your phone'} and your new password.`}
      submitLabel="Submit"
      pendingLabel="Submitting"
      submitDisabled={form.hasErrors}
      onSubmit={(values) => {
        if (!form.checkOnSubmit()) return;
        void flow.submit((calls) => calls.resetWithCode(username, formText(values, 'code'), form.values.password));
      }}
      actions={
        <>
          <Button
            variant="secondary"
            size="small"
            onClick={() => flow.submit((calls) => calls.sendResetCode(username))}
          >
            Resend Code
          </Button>
          <BackToSignIn flow={flow} />
        </>
      }
    >
      <CodeField />
      <NewPasswordFields
        label="New Password"
        password={form.bind('password')}
        confirm={form.bind('confirm_password')}
      />
    </AuthForm>
  );
}
