import { createContext, useContext } from 'react';

/** The invitation the visitor followed, if any: see useInvitation. */
export const InvitationContext = createContext<{ contestId: string; name: string | null } | null>(null);

/** Above the Create Account form: which contest the new account is for. */
export function InvitationHeader() {
  const invitation = useContext(InvitationContext);
  if (!invitation) return null;
  return (
    <h2 className="bullpen-auth__invitation">
      {invitation.name ? `Create an account to join ${invitation.name}` : 'Create an account to join this contest'}
    </h2>
  );
}
