import { useRef } from 'react';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { useRequiredFieldMessages } from '../hooks/use-required-field-messages';
import type { Route } from '../services/auth-flow';
import { AuthTabs } from './auth-tabs';
import { ConfirmResetPasswordForm } from './confirm-reset-password-form';
import { ConfirmSignInForm } from './confirm-sign-in-form';
import { ConfirmSignUpForm } from './confirm-sign-up-form';
import { ForceNewPasswordForm } from './force-new-password-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { SetupTotpForm } from './setup-totp-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { SignedInNote } from './signed-in-note';
import { ConfirmContactForm, VerifyContactForm } from './verify-contact-form';

function Screen({ route, flow }: { route: Route; flow: ReturnType<typeof useAuthFlow> }) {
  switch (route.name) {
    case 'signIn':
    case 'signUp':
      return (
        <AuthTabs selected={route.name} onSelect={(tab) => flow.go({ name: tab })}>
          {route.name === 'signIn' ? <SignInForm flow={flow} notice={route.notice} /> : <SignUpForm flow={flow} />}
        </AuthTabs>
      );
    case 'confirmSignUp':
      return <ConfirmSignUpForm flow={flow} username={route.username} destination={route.destination} />;
    case 'confirmSignIn':
      return (
        <ConfirmSignInForm
          flow={flow}
          username={route.username}
          method={route.method}
          destination={route.destination}
        />
      );
    case 'setupTotp':
      return <SetupTotpForm flow={flow} username={route.username} secret={route.secret} setupUri={route.setupUri} />;
    case 'forceNewPassword':
      return <ForceNewPasswordForm flow={flow} username={route.username} />;
    case 'forgotPassword':
      return <ForgotPasswordForm flow={flow} />;
    case 'confirmResetPassword':
      return <ConfirmResetPasswordForm flow={flow} username={route.username} destination={route.destination} />;
    case 'verifyContact':
      return <VerifyContactForm flow={flow} contacts={route.contacts} />;
    case 'confirmContact':
      return <ConfirmContactForm flow={flow} attribute={route.attribute} destination={route.destination} />;
    case 'signedIn':
      return <SignedInNote />;
    case 'unknown':
      return null;
  }
}

/**
 * SPEC §2's sign-in and sign-up widget, one screen at a time. Signed-in state is the host's business: it listens to
 * Amplify's Hub and routes away once the widget says it is done (SignedInNote).
 */
export function AuthWidget({ initial }: { initial: Route }) {
  const flow = useAuthFlow(initial);
  const container = useRef<HTMLDivElement>(null);
  useRequiredFieldMessages(container);
  return (
    <div ref={container} className="bullpen-auth__widget">
      <Screen route={flow.route} flow={flow} />
    </div>
  );
}
