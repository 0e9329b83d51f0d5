import { Heading, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef } from 'react';

/**
 * Header of the authenticator-app setup screen. Amplify's copy control for the secret is a bare <div> with a
 * click handler; this makes it a keyboard-reachable, labelled button (its markup is Amplify's, so it is
 * enhanced after render rather than replaced).
 */
export function SetupTotpHeader() {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const copy = heading.current?.closest('form')?.querySelector<HTMLElement>('[data-amplify-copy-svg]');
    if (!copy) return undefined;
    copy.setAttribute('role', 'button');
    copy.setAttribute('tabindex', '0');
    copy.setAttribute('aria-label', 'Copy secret key');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      copy.click();
    };
    copy.addEventListener('keydown', onKeyDown);
    return () => copy.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Heading level={3} ref={heading}>
        Set up your authenticator app
      </Heading>
      <Text variation="secondary">Scan the QR code with your authenticator app, or copy the secret key into it.</Text>
    </>
  );
}
