// The build puts lazy-qrcode.ts where the Authenticator imports `qrcode` (remote-auth/rspack.config.ts): the encoder
// loads only when the authenticator-app setup draws its code, and the Authenticator gets the real encoder's answer.
const encoder = { loaded: false, toDataURL: jest.fn(async (text: string) => `data:image/png;base64,${btoa(text)}`) };
jest.mock('qrcode/lib/browser.js', () => {
  encoder.loaded = true;
  return { toDataURL: (...args: [string]) => encoder.toDataURL(...args) };
});

import qrcode from '../src/features/authenticator/services/lazy-qrcode';

it('loads the encoder on the first code drawn, not before, and hands back its data URL', async () => {
  expect(encoder.loaded).toBe(false);
  const url = 'otpauth://totp/Bullpen:+15555550123?secret=JBSWY3DPEHPK3PXP&issuer=Bullpen';
  await expect(qrcode.toDataURL(url)).resolves.toBe(`data:image/png;base64,${btoa(url)}`);
  expect(encoder.loaded).toBe(true);
  expect(encoder.toDataURL).toHaveBeenCalledWith(url);
});
