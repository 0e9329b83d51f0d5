import type { AuthFlow } from '../hooks/use-auth-flow';
import { useValidatedFields } from '../hooks/use-validated-fields';
import { validateSignUp } from '../validation/sign-up-validation';
import { AuthForm } from './auth-form';
import { InvitationHeader } from './invitation-header';
import { PasswordField } from './password-field';
import { PhoneField, phoneFrom } from './phone-field';

const FIELDS = ['phone_number', 'password', 'confirm_password'] as const;

/** The Create Account tab: SPEC §5's rules on change, blur and submit, with the messages under the fields. */
export function SignUpForm({ flow }: { flow: AuthFlow }) {
  const form = useValidatedFields(FIELDS, validateSignUp);
  return (
    <AuthForm
      flow={flow}
      submitLabel="Create Account"
      pendingLabel="Creating Account"
      noValidate
      submitDisabled={form.hasErrors}
      onSubmit={(values) => {
        if (!form.checkOnSubmit()) return;
        // Passwords are sent as typed (SPEC §5: every value but the password is trimmed).
        void flow.submit((calls) => calls.createAccount(phoneFrom(values, 'phone_number'), form.values.password));
      }}
    >
      <InvitationHeader />
      <PhoneField {...form.bind('phone_number')} aria-required />
      <PasswordField label="Password" autoComplete="new-password" aria-required {...form.bind('password')} />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        aria-required
        {...form.bind('confirm_password')}
      />
    </AuthForm>
  );
}
