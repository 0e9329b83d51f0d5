import { AUTH_WIDGET_CHANNEL, AUTH_WIDGET_DONE, loadAuth } from '@bullpen/shared';
import { useEffect } from 'react';

/**
 * Rendered by the widget once it has nothing left to ask. Amplify announces `signedIn` on its own Hub
 * before the widget's verify-contact step; a host that wants that step to be seen can wait for this event.
 */
export function SignedInNote() {
  useEffect(() => {
    // Amplify's Hub, through the one Amplify (loaded already: someone just signed in with it). Not imported here, so
    // the page's first chunk does not wait for Amplify's core.
    void loadAuth().then(({ Hub }) => Hub.dispatch(AUTH_WIDGET_CHANNEL, { event: AUTH_WIDGET_DONE }));
  }, []);
  return (
    // Shown only until the host, which follows Amplify's Hub, routes the signed-in user onwards.
    <p className="bullpen-auth__signed-in" role="status">
      Signed in. Taking you to Bullpen…
    </p>
  );
}
