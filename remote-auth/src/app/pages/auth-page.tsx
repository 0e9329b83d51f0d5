import { BullpenAuthenticator } from '../../features/authenticator';

/** `/auth` for signed-out visitors: the sign-in and sign-up widget (SPEC §2). */
export default function AuthPage() {
  return <BullpenAuthenticator />;
}
