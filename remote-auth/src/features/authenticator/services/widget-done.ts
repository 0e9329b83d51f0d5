import { AUTH_WIDGET_CHANNEL, AUTH_WIDGET_DONE, loadAuth } from '@bullpen/shared';

/**
 * Tells the host the widget has nothing left to ask of a user who just signed in: the host, which hears Amplify's
 * `signedIn` before the widget's last steps (verify contact), waits for this before its routes take over.
 */
export function announceWidgetDone(): void {
  // Amplify's Hub, through the one Amplify (loaded already: someone just signed in with it). Not imported here, so
  // the page's first chunk does not wait for Amplify's core.
  void loadAuth().then(({ Hub }) => Hub.dispatch(AUTH_WIDGET_CHANNEL, { event: AUTH_WIDGET_DONE }));
}
