// The sign-in widget (remote-auth) and the host agree on one Hub event: Amplify announces `signedIn` before the
// widget's own post-sign-in steps (verify contact), so on /auth the host waits for the widget to say it is done.
export const AUTH_WIDGET_CHANNEL = 'bullpen-auth';
export const AUTH_WIDGET_DONE = 'done';
