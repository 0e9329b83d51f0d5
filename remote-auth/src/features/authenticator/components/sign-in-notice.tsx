import { createContext, useContext } from 'react';

/** What the last step did, when the Authenticator follows it with an empty sign-in form (see AuthServiceHooks). */
export const SignInNoticeContext = createContext<string | null>(null);

/** Above the sign-in form: what just happened and what to do next, instead of a silent empty form. */
export function SignInNotice() {
  const notice = useContext(SignInNoticeContext);
  if (!notice) return null;
  return (
    <p className="bullpen-auth__notice" role="status">
      {notice}
    </p>
  );
}
