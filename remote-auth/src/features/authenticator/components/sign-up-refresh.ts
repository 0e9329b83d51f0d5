import { createContext, type MutableRefObject } from 'react';

/** Lets the sign-up service ask the sign-up screen (rendered deep inside the Authenticator) to re-render. */
export const SignUpRefreshContext = createContext<MutableRefObject<(() => void) | null> | null>(null);
