import { Authenticator, useAuthenticator } from '@aws-amplify/ui-react';
import { useContext, useEffect, useRef } from 'react';
import { SUBMITTED_FIELD } from '../services/auth-services';
import { SignUpRefreshContext } from './sign-up-refresh';

/**
 * The Authenticator's sign-up fields plus two things SPEC §5 needs: a hidden marker so validation knows a
 * submit from a keystroke (and then judges untouched fields too), and, when the browser refuses the submit
 * because a required field is empty, the field is marked touched so its message shows under it.
 */
export function SignUpFormFields() {
  const { updateBlur } = useAuthenticator((context) => [context.updateBlur]);
  const marker = useRef<HTMLInputElement>(null);
  const refresh = useContext(SignUpRefreshContext);

  useEffect(() => {
    if (!refresh) return undefined;
    // Any blur makes the Authenticator re-validate and publish its state, "pending" included; the marker
    // field is always valid, so this changes nothing else.
    refresh.current = () => updateBlur({ name: SUBMITTED_FIELD });
    return () => {
      refresh.current = null;
    };
  }, [refresh, updateBlur]);

  useEffect(() => {
    const form = marker.current?.form;
    if (!form) return undefined;
    const onInvalid = (event: Event) => {
      const field = event.target;
      if (!(field instanceof HTMLInputElement) || !field.name) return;
      // The message shows inline instead of the browser's bubble.
      event.preventDefault();
      updateBlur({ name: field.name });
    };
    form.addEventListener('invalid', onInvalid, true);
    return () => form.removeEventListener('invalid', onInvalid, true);
  }, [updateBlur]);

  return (
    <>
      <Authenticator.SignUp.FormFields />
      <input ref={marker} type="hidden" name={SUBMITTED_FIELD} value="1" />
    </>
  );
}
