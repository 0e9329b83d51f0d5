// Host tests run the real App against fakes at its edges only: Amplify's auth functions and Hub, the Module
// Federation runtime (a remote page renders its own name and params), and the API through msw.
import { useParams } from 'react-router-dom';

type Listener = (capsule: { payload: { event: string } }) => void;
const listeners = new Set<{ channel: string; listener: Listener }>();

export const hub = {
  emit(event: string, channel = 'auth') {
    for (const entry of [...listeners]) if (entry.channel === channel) entry.listener({ payload: { event } });
  },
};

jest.mock('aws-amplify/utils', () => ({
  Hub: {
    listen: (channel: string, listener: Listener) => {
      const entry = { channel, listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  },
}));

export const auth: {
  signedIn: boolean;
  getCurrentUser: jest.Mock<Promise<{ userId: string; username: string }>, []>;
  fetchAuthSession: jest.Mock;
  signOut: jest.Mock;
} = {
  signedIn: false,
  getCurrentUser: jest.fn(async () => {
    if (!auth.signedIn) throw new Error('UserUnAuthenticatedException');
    return { userId: 'sub-1', username: '+15555550100' };
  }),
  fetchAuthSession: jest.fn(async () => ({
    tokens: auth.signedIn ? { idToken: { toString: () => 'id-token' } } : undefined,
  })),
  signOut: jest.fn(async () => undefined),
};

jest.mock('aws-amplify/auth', () => ({
  getCurrentUser: () => auth.getCurrentUser(),
  fetchAuthSession: () => auth.fetchAuthSession(),
  signOut: (...args: unknown[]) => auth.signOut(...(args as [])),
}));

export const federation = {
  failing: new Set<string>(),
  loads: [] as string[],
};

function FakeRemotePage({ id }: { id: string }) {
  const params = useParams();
  return (
    <section>
      <h1>{id}</h1>
      {params.contestId ? <p>contest {params.contestId}</p> : null}
    </section>
  );
}

const fakePage = (id: string) => () => <FakeRemotePage id={id} />;

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  preloadRemote: jest.fn(async () => []),
  loadRemote: jest.fn(async (id: string) => {
    federation.loads.push(id);
    const remote = id.split('/')[0] ?? id;
    if (federation.failing.has(remote)) throw new Error(`remote ${remote} is down`);
    return { default: fakePage(id) };
  }),
}));
