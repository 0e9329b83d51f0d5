import { Button, useAuthenticator } from '@aws-amplify/ui-react';
import { useEffect, useRef } from 'react';
import { ProductHeader } from './product-header';

/** The Authenticator's steps that follow a form: each one is a page of the browser's history. */
const STEPS_AFTER_A_FORM = new Set(['confirmSignUp', 'forgotPassword', 'confirmResetPassword']);

type Form = 'signIn' | 'signUp';

/** The form the current step came from: Sign In or Create Account. */
const origin: { form: Form } = { form: 'signIn' };

type Moves = { toSignIn: () => void; toSignUp: () => void };

/** Back to the form the step came from. The Authenticator leaves a code screen for Sign In only; Create Account is
 *  reached from there. */
function toOrigin({ toSignIn, toSignUp }: Moves) {
  toSignIn();
  if (origin.form === 'signUp') toSignUp();
}

/**
 * Above every step: the product's header, and the step kept in the browser's history. The Authenticator changes steps
 * without a new address, so Back on the code screen left the site; now it returns to the form the step came from. A
 * step left for a form by its own links takes its history entry with it; a step that leads on (signed in) keeps it,
 * so Back from where it led comes back here rather than out of the site.
 */
export function StepHeader() {
  const { route, toSignIn, toSignUp } = useAuthenticator((context) => [context.route]);
  const moves = useRef<Moves>({ toSignIn, toSignUp });
  moves.current = { toSignIn, toSignUp };
  const pushed = useRef<string | null>(null);

  useEffect(() => {
    if (route === 'signIn' || route === 'signUp') {
      origin.form = route;
      if (pushed.current && window.history.state?.bullpenAuthStep === pushed.current) window.history.back();
      pushed.current = null;
      return;
    }
    if (!STEPS_AFTER_A_FORM.has(route)) return;
    const marker = `bullpen-auth-${route}`;
    // The router's own state is kept, so it reads this entry as the address it already shows.
    window.history.pushState({ ...window.history.state, bullpenAuthStep: marker }, '');
    pushed.current = marker;
    const onPop = () => {
      pushed.current = null;
      toOrigin(moves.current);
    };
    window.addEventListener('popstate', onPop, { once: true });
    return () => window.removeEventListener('popstate', onPop);
  }, [route]);

  return <ProductHeader />;
}

/** Under the code screen: the number can be changed, on the form the code was asked from. */
export function ConfirmSignUpFooter() {
  const { toSignIn, toSignUp } = useAuthenticator(() => []);
  return (
    <Button variation="link" size="small" onClick={() => toOrigin({ toSignIn, toSignUp })}>
      Use a different phone number
    </Button>
  );
}
