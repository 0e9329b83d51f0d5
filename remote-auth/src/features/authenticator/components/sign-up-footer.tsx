import { Button, useAuthenticator } from '@aws-amplify/ui-react';

/** Under Create Account: a number that already has an account leads to signing in, not only to an error. */
export function SignUpFooter() {
  const { error, toSignIn } = useAuthenticator((context) => [context.error]);
  if (error !== 'User already exists') return null;
  return (
    <Button variation="link" size="small" onClick={toSignIn}>
      Sign in with this number
    </Button>
  );
}
