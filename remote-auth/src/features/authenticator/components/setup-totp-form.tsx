import { CopyButton } from '@bullpen/shared/ui';
import { useEffect, useState } from 'react';
import type { AuthFlow } from '../hooks/use-auth-flow';
import { AuthForm, formText } from './auth-form';
import { BackToSignIn } from './back-to-sign-in';
import { CodeField } from './code-field';

/** SPEC §9: the QR code's size. */
const QR_SIZE = 228;

/** The QR image of `text`; the encoder is loaded with this screen, which few users ever see (issue #13). */
function useQrCode(text: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text))
      .then(
        (url) => current && setImage(url),
        (error: unknown) =>
          console.error('The QR code could not be drawn; the secret key can be typed instead.', error),
      );
    return () => {
      current = false;
    };
  }, [text]);
  return image;
}

/** SPEC §2: authenticator-app setup, a 228×228 QR code and the secret to copy, then the app's first code. */
export function SetupTotpForm({
  flow,
  username,
  secret,
  setupUri,
}: {
  flow: AuthFlow;
  username: string;
  secret: string;
  setupUri: string;
}) {
  const qr = useQrCode(setupUri);
  return (
    <AuthForm
      flow={flow}
      title="Set up your authenticator app"
      intro="Scan the QR code with your authenticator app, or copy the secret key into it. Then enter the code it shows."
      submitLabel="Confirm"
      pendingLabel="Confirming"
      onSubmit={(values) => flow.submit((calls) => calls.answerChallenge(username, formText(values, 'code')))}
      actions={<BackToSignIn flow={flow} />}
    >
      <div className="bullpen-auth__qr">
        {qr ? (
          <img src={qr} alt="qr code" width={QR_SIZE} height={QR_SIZE} />
        ) : (
          <span className="bullpen-auth__qr-placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="bullpen-auth__secret">
        <code>{secret}</code>
        <CopyButton text={secret} label="Copy secret key" />
      </div>
      <CodeField />
    </AuthForm>
  );
}
