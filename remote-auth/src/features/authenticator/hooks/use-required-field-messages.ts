import { type RefObject, useEffect } from 'react';
import { messages } from '../validation/sign-up-validation';

function requiredTextControl(target: EventTarget | null): HTMLInputElement | null {
  if (!(target instanceof HTMLInputElement) || !target.required) return null;
  return target;
}

/**
 * SPEC §5 for every widget screen: a required field (username, code, new password…) that is empty, or only
 * spaces once trimmed, is refused with 'This field is required'. The Authenticator marks these inputs
 * `required`, so the browser already blocks the submit; this makes the browser's message the product's text
 * and treats whitespace-only values (which the Authenticator would trim to nothing and send) as empty.
 * Passwords are never trimmed, so spaces count there.
 */
export function useRequiredFieldMessages(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const onInvalid = (event: Event) => {
      const input = requiredTextControl(event.target);
      if (input?.validity.valueMissing) input.setCustomValidity(messages.required);
    };
    const onInput = (event: Event) => {
      const input = requiredTextControl(event.target);
      if (!input) return;
      const onlySpaces = input.type !== 'password' && input.value !== '' && input.value.trim() === '';
      input.setCustomValidity(onlySpaces ? messages.required : '');
    };
    // `invalid` does not bubble: listen in the capture phase so one listener covers every screen.
    root.addEventListener('invalid', onInvalid, true);
    root.addEventListener('input', onInput, true);
    return () => {
      root.removeEventListener('invalid', onInvalid, true);
      root.removeEventListener('input', onInput, true);
    };
  }, [container]);
}
