import { useEffect } from 'react';
import { announceWidgetDone } from '../services/widget-done';

/**
 * Rendered by the widget once it has nothing left to ask. Amplify announces `signedIn` on its own Hub
 * before the widget's verify-contact step; a host that wants that step to be seen can wait for this event.
 */
export function SignedInNote() {
  useEffect(announceWidgetDone, []);
  return (
    // Shown only until the host, which follows Amplify's Hub, routes the signed-in user onwards.
    <p className="bullpen-auth__signed-in" role="status">
      Signed in. Taking you to Bullpen…
    </p>
  );
}
