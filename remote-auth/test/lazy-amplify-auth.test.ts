// The build puts lazy-amplify-auth.ts where Amplify UI and this feature import `aws-amplify/auth`
// (remote-auth/rspack.config.ts): the category loads on the first call, and every call answers as the category does.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const mockCategory = {
  loaded: false,
  signIn: jest.fn(async (input: { username: string }) => ({
    isSignedIn: false,
    nextStep: { signInStep: input.username },
  })),
  signUp: jest.fn(async () => {
    throw Object.assign(new Error('User already exists'), { name: 'UsernameExistsException' });
  }),
};
jest.mock('aws-amplify/auth', () => {
  mockCategory.loaded = true;
  return { signIn: mockCategory.signIn, signUp: mockCategory.signUp };
});

import * as lazyAuth from '../src/features/authenticator/services/lazy-amplify-auth';

/** Every name imported from 'aws-amplify/auth' by the ES modules under `dir`. */
function namesImportedFromAuth(dir: string, extensions: RegExp): Set<string> {
  const names = new Set<string>();
  const statement = /import\s*\{([^}]*)\}\s*from\s*['"]aws-amplify\/auth['"]/g;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!extensions.test(entry)) continue;
    const text = readFileSync(path.join(dir, entry), 'utf8');
    for (const [, list = ''] of text.matchAll(statement)) {
      for (const part of list.split(',')) {
        const spec = part.trim();
        // A type-only name never reaches the bundle.
        if (!spec || spec.startsWith('type ')) continue;
        names.add(spec.split(/\s+as\s+/)[0] as string);
      }
    }
  }
  return names;
}

it('exports every function that the installed Amplify UI and this app import from aws-amplify/auth', () => {
  const amplifyUi = ['@aws-amplify/ui', '@aws-amplify/ui-react', '@aws-amplify/ui-react-core'].map((name) =>
    path.join(path.dirname(require.resolve(name)), 'esm'),
  );
  const imported = new Set<string>();
  for (const dir of amplifyUi) for (const name of namesImportedFromAuth(dir, /\.mjs$/)) imported.add(name);
  for (const name of namesImportedFromAuth(path.join(__dirname, '..', 'src'), /\.tsx?$/)) imported.add(name);
  // Enough of Amplify UI was read to find its sign-in and sign-up calls.
  expect([...imported]).toEqual(expect.arrayContaining(['signIn', 'signUp', 'getCurrentUser', 'fetchUserAttributes']));
  const missing = [...imported].filter((name) => typeof (lazyAuth as Record<string, unknown>)[name] !== 'function');
  expect(missing).toEqual([]);
});

it('answers that nobody is signed in, without loading the category, when no session is stored on the device', async () => {
  // The Authenticator asks this before drawing its first screen.
  await expect(lazyAuth.getCurrentUser()).rejects.toMatchObject({
    name: 'UserUnAuthenticatedException',
    message: 'User needs to be authenticated to call this API.',
  });
  expect(mockCategory.loaded).toBe(false);
});

it('loads the category on the first call, not before, and answers as the category does', async () => {
  expect(mockCategory.loaded).toBe(false);
  const input = { username: '+15555550123', password: 'a long password' };
  await expect(lazyAuth.signIn(input)).resolves.toEqual({
    isSignedIn: false,
    nextStep: { signInStep: '+15555550123' },
  });
  expect(mockCategory.loaded).toBe(true);
  expect(mockCategory.signIn).toHaveBeenCalledWith(input);
  await expect(lazyAuth.signUp({ username: '+15555550123', password: 'x' })).rejects.toMatchObject({
    name: 'UsernameExistsException',
    message: 'User already exists',
  });
});
