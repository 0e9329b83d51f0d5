import { Button } from '@bullpen/shared/ui';
import type { AuthFlow } from '../hooks/use-auth-flow';

export function BackToSignIn({ flow }: { flow: AuthFlow }) {
  return (
    <Button variant="ghost" size="small" onClick={() => flow.go({ name: 'signIn' })}>
      Back to Sign In
    </Button>
  );
}
