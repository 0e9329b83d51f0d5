import { hasStoredUser, storedIdToken } from './stored-session';

const tokenWith = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;
const store = (user: string | null, token?: string) => {
  localStorage.clear();
  if (user) localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', user);
  if (user && token) localStorage.setItem(`CognitoIdentityServiceProvider.client.${user}.idToken`, token);
};
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

describe('the stored Cognito session, read without Amplify', () => {
  it('gives the last user’s ID token while it is good for more than a minute', () => {
    const token = tokenWith({ sub: 'u', exp: inSeconds(600) });
    store('u', token);
    expect(storedIdToken('client')).toBe(token);
    expect(hasStoredUser('client')).toBe(true);
  });

  it('gives nothing for a token about to expire (Amplify refreshes it), an expired one or another client', () => {
    store('u', tokenWith({ sub: 'u', exp: inSeconds(30) }));
    expect(storedIdToken('client')).toBeNull();
    expect(hasStoredUser('client')).toBe(true);
    store('u', tokenWith({ sub: 'u', exp: inSeconds(-10) }));
    expect(storedIdToken('client')).toBeNull();
    store('u', tokenWith({ sub: 'u', exp: inSeconds(600) }));
    expect(storedIdToken('other-client')).toBeNull();
    expect(storedIdToken(undefined)).toBeNull();
  });

  it('gives nothing for a missing, malformed or expiry-less token', () => {
    store(null);
    expect(storedIdToken('client')).toBeNull();
    expect(hasStoredUser('client')).toBe(false);
    store('u');
    expect(storedIdToken('client')).toBeNull();
    store('u', 'not-a-jwt');
    expect(storedIdToken('client')).toBeNull();
    store('u', tokenWith({ sub: 'u' }));
    expect(storedIdToken('client')).toBeNull();
  });
});
