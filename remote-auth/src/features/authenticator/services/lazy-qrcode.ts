// What the build puts where the Authenticator imports `qrcode` (remote-auth/rspack.config.ts): the one
// function it calls, toDataURL (awaited, for the authenticator-app setup's QR image), loading the encoder only when
// that screen draws it, so the sign-in page does not carry it. The browser build's path is not aliased.
type ToDataUrl = (text: string, options?: object) => Promise<string>;

const toDataURL: ToDataUrl = (text, options) =>
  import('qrcode/lib/browser.js').then((qrcode) =>
    options === undefined ? qrcode.toDataURL(text) : qrcode.toDataURL(text, options),
  );

export default { toDataURL };
/** @public Amplify UI imports `qrcode` by name, which rspack.config.ts aliases to this file. */
export { toDataURL };
