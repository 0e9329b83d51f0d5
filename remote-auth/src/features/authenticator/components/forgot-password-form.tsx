import type { AuthFlow } from '../hooks/use-auth-flow';
import { AuthForm } from './auth-form';
import { BackToSignIn } from './back-to-sign-in';
import { PhoneField, phoneFrom } from './phone-field';

/** SPEC §2 forgot password, first step: send a code to the account's phone. */
export function ForgotPasswordForm({ flow }: { flow: AuthFlow }) {
  return (
    <AuthForm
      flow={flow}
      title="Reset Password"
      intro="We will text a code to the phone number of your account."
      submitLabel="Send code"
      pendingLabel="Sending"
      onSubmit={(values) => flow.submit((calls) => calls.sendResetCode(phoneFrom(values, 'phone')))}
      actions={<BackToSignIn flow={flow} />}
    >
      <PhoneField label="Enter your phone number" name="phone" required />
    </AuthForm>
  );
}
