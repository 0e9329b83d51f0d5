import '../theme/amplify-ui.css';
import '../theme/authenticator.css';
// Last, as the ThemeProvider's own <style> would come: the theme's tokens, written at build time.
import '../theme/bullpen-theme.css';
import { Authenticator } from '@aws-amplify/ui-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInvitation } from '../hooks/use-invitation';
import { useRequiredFieldMessages } from '../hooks/use-required-field-messages';
import { useUserPoolConfigured } from '../hooks/use-user-pool-configured';
import { createAuthServices } from '../services/auth-services';
import { preloadAmplifyAuth } from '../services/lazy-amplify-auth';
import { applyProductVocabulary } from '../services/product-vocabulary';
import { BULLPEN_AUTH_THEME_NAME } from '../theme/theme-name';
import { ConfigurationError } from './configuration-error';
import { InvitationContext, InvitationHeader } from './invitation-header';
import { ProductHeader } from './product-header';
import { ConfirmSignUpFooter, StepHeader } from './flow-steps';
import { ProductPitch } from './product-pitch';
import { SetupTotpHeader } from './setup-totp-header';
import { SignInNotice, SignInNoticeContext } from './sign-in-notice';
import { SignedInNote } from './signed-in-note';
import { SignUpFooter } from './sign-up-footer';
import { SignUpFormFields } from './sign-up-form-fields';
import { SignUpRefreshContext } from './sign-up-refresh';

/** SPEC §2: the issuer shown by authenticator apps for the QR code of the setup screen. */
const TOTP_ISSUER = 'Bullpen';

/** Amplify's own placeholders ("Enter your Phone Number") are cut off beside the dial code on a 390 px phone. */
const PHONE_PLACEHOLDER = 'Phone number';

const formFields = {
  // A field given here loses Amplify's defaults for that screen where it differs from the field's own (the reset
  // screen's label, "required"): those are spelt out as Amplify has them.
  signIn: { username: { placeholder: PHONE_PLACEHOLDER, isRequired: true } },
  forgotPassword: {
    username: { label: 'Enter your phone number', placeholder: PHONE_PLACEHOLDER, isRequired: true },
  },
  signUp: {
    phone_number: { order: 1, dialCode: '+1', placeholder: PHONE_PLACEHOLDER },
    password: { order: 2 },
    confirm_password: { order: 3 },
  },
  setupTotp: { QR: { totpIssuer: TOTP_ISSUER } },
};

applyProductVocabulary();

const components = {
  Header: StepHeader,
  ConfirmSignUp: { Footer: ConfirmSignUpFooter },
  SignIn: { Header: SignInNotice },
  SignUp: { Header: InvitationHeader, FormFields: SignUpFormFields, Footer: SignUpFooter },
  SetupTotp: { Header: SetupTotpHeader },
};

/**
 * The Amplify Authenticator configured as SPEC §3 says (phone number sign-in and sign-up, no social
 * providers) and themed to the product. Signed-in state is the host's business: it listens to Amplify's Hub
 * and routes away, so nothing is rendered once the user is authenticated.
 */
export function BullpenAuthenticator() {
  const configured = useUserPoolConfigured();
  const container = useRef<HTMLDivElement>(null);
  useRequiredFieldMessages(container);
  const refreshSignUp = useRef<(() => void) | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A visitor who followed an invitation starts on Create Account, told which contest it is for.
  const invitation = useInvitation();
  // The form is drawn without Amplify's auth category; it downloads now, before the visitor can submit.
  useEffect(() => {
    preloadAmplifyAuth().catch(() => undefined);
  }, []);
  // Once per mount: the Authenticator reads its services when it starts.
  const services = useMemo(
    () =>
      createAuthServices({
        onSignUpStarted: () => setTimeout(() => refreshSignUp.current?.(), 0),
        onBackToSignIn: setNotice,
      }),
    [],
  );

  return (
    <InvitationContext.Provider value={invitation}>
      <SignUpRefreshContext.Provider value={refreshSignUp}>
        <SignInNoticeContext.Provider value={notice}>
          {/* What Amplify UI's ThemeProvider draws around its children; its CSS is bullpen-theme.css. */}
          <div data-amplify-theme={BULLPEN_AUTH_THEME_NAME} data-amplify-color-mode="dark" dir="ltr">
            <div ref={container} className="bullpen-auth">
              <div className="bullpen-auth__layout">
                {configured ? (
                  <Authenticator
                    loginMechanisms={['phone_number']}
                    signUpAttributes={['phone_number']}
                    socialProviders={[]}
                    formFields={formFields}
                    components={components}
                    services={services}
                    initialState={invitation ? 'signUp' : 'signIn'}
                  >
                    {() => <SignedInNote />}
                  </Authenticator>
                ) : (
                  <div>
                    <ProductHeader />
                    <ConfigurationError />
                  </div>
                )}
                {/* After the widget in reading order, so keyboard and screen-reader users reach the form first. */}
                <ProductPitch />
              </div>
            </div>
          </div>
        </SignInNoticeContext.Provider>
      </SignUpRefreshContext.Provider>
    </InvitationContext.Provider>
  );
}
