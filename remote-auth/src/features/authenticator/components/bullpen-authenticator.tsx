import '../theme/auth.css';
import { useInvitation } from '../hooks/use-invitation';
import { useUserPoolConfigured } from '../hooks/use-user-pool-configured';
import { AuthWidget } from './auth-widget';
import { ConfigurationError } from './configuration-error';
import { InvitationContext } from './invitation-header';
import { ProductHeader } from './product-header';
import { ProductPitch } from './product-pitch';

/**
 * /auth: the product's name, the widget (SPEC §3: phone-number sign-in and sign-up, no social providers) and, beside it,
 * what Bullpen is.
 */
export function BullpenAuthenticator() {
  const configured = useUserPoolConfigured();
  // A visitor who followed an invitation starts on Create Account, told which contest it is for.
  const invitation = useInvitation();
  return (
    <InvitationContext.Provider value={invitation}>
      <div className="bullpen-auth">
        <div className="bullpen-auth__layout">
          <div className="bullpen-auth__main">
            <ProductHeader />
            {configured ? <AuthWidget initial={{ name: invitation ? 'signUp' : 'signIn' }} /> : <ConfigurationError />}
          </div>
          {/* After the widget in reading order, so keyboard and screen-reader users reach the form first. */}
          <ProductPitch />
        </div>
      </div>
    </InvitationContext.Provider>
  );
}
