// How Bullpen's tools start a browser (the e2e journeys, bench/web, the user pool's browser smoke test): Debian's
// Chromium, headless, with the features that reach out to the network switched off. This machine's network is
// closed: without them Chromium's own connections are refused, many at a time, on every start.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** playwright-core's `chromium.launch` options for that browser. */
export const chromiumLaunchOptions = () => ({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
