// How Bullpen's tools start a browser (the e2e journeys, bench/web, the user pool's browser smoke test): Debian's
// Chromium, headless, with the features that reach out to the network switched off. This machine's network is
// closed: without them Chromium's own connections are refused, many at a time, on every start.
// CommonJS, so that the e2e journeys (compiled to CommonJS for jest) and the ES-module scripts both load it.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
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
const chromiumLaunchOptions = () => ({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

module.exports = { chromiumLaunchOptions };
