import { Button } from '@bullpen/shared/ui';
import type { AuthFlow } from '../hooks/use-auth-flow';
import { AuthForm, formText } from './auth-form';
import { PasswordField } from './password-field';
import { PhoneField, phoneFrom } from './phone-field';

/** The Sign In tab. `notice` says what the last step did when it ends here (a reset password, a confirmed account). */
export function SignInForm({ flow, notice }: { flow: AuthFlow; notice?: string }) {
  return (
    <AuthForm
      flow={flow}
      submitLabel="Sign in"
      pendingLabel="Signing in"
      onSubmit={(values) =>
        flow.submit((calls) =>
          calls.signInWithPassword(phoneFrom(values, 'phone'), formText(values, 'password', { trim: false })),
        )
      }
      actions={
        <Button variant="ghost" size="small" onClick={() => flow.go({ name: 'forgotPassword' })}>
          Forgot your password?
        </Button>
      }
    >
      {notice ? (
        <p className="bullpen-auth__notice" role="status">
          {notice}
        </p>
      ) : null}
      <PhoneField name="phone" required />
      <PasswordField label="Password" name="password" autoComplete="current-password" required />
    </AuthForm>
  );
}
