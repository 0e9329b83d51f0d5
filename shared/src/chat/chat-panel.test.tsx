import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import type { ChatMessage, ChatPageResponse, ChatViewer } from '@bullpen/contract';
import { setRuntimeConfig } from '../config/runtime-config';
import { ChatPanel } from '.';

jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token' } } })),
}));

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() =>
  setRuntimeConfig({
    apiHost: API,
    auth: { region: 'us-east-1', userPoolId: 'us-east-1_Test', userPoolClientId: 'client' },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  }),
);
afterEach(() => {
  server.resetHandlers();
  streams.splice(0);
});
afterAll(() => server.close());

const VIEWER: ChatViewer = { canPost: true, reason: null, muted: false, canModerate: false, team: null };

const message = (id: string, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: id,
  contestId: 'c1',
  channel: 'contest',
  userId: 'u2',
  ticker: 'BOB',
  text: `text ${id}`,
  createdAt: `2030-01-07T14:3${id.length}:00.000Z`,
  deletedAt: null,
  ...overrides,
});

/** Open chat streams the test writes to: each `push` is one Server-Sent Event. */
const streams: { push: (event: string, data: unknown) => void; channel: string | null }[] = [];
const encoder = new TextEncoder();

function answer(pages: Record<string, Partial<ChatPageResponse>>) {
  server.use(
    http.get(`${API}/contest/c1/chat`, ({ request }) => {
      const url = new URL(request.url);
      const key = `${url.searchParams.get('channel') ?? 'contest'}${url.searchParams.get('before') ? `<${url.searchParams.get('before')}` : ''}`;
      const page = pages[key];
      if (!page) return HttpResponse.json({ errMessage: `No page ${key}`, errors: [] }, { status: 500 });
      return HttpResponse.json({ messages: [], next: null, viewer: VIEWER, ...page });
    }),
    http.get(`${API}/contest/c1/chat/events`, ({ request }) => {
      const channel = new URL(request.url).searchParams.get('channel');
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const push = (event: string, data: unknown) =>
            controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
          streams.push({ push, channel });
          push('ready', { contestId: 'c1' });
        },
      });
      return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
}

const renderPanel = (props: { isTeamCollaboration?: boolean; myUserId?: string } = {}) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ChatPanel
        contestId="c1"
        isTeamCollaboration={props.isTeamCollaboration ?? false}
        myUserId={props.myUserId ?? 'u1'}
      />
    </SWRConfig>,
  );

/** Phones: the panel is a sheet behind a button (matchMedia says the screen is narrow). */
function narrowScreen() {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}
afterEach(() => {
  // jsdom has no matchMedia: each test starts without one, as a wide screen.
  delete (window as { matchMedia?: unknown }).matchMedia;
});

it('says it is loading, then shows messages oldest first with call sign and time; plain text stays plain', async () => {
  answer({
    contest: {
      messages: [
        message('m2', {
          text: '<b>not bold</b> see https://example.com/a?b=1.',
          createdAt: '2030-01-07T14:31:00.000Z',
        }),
        message('m1', { text: 'first', ticker: 'ALICE', userId: 'u1', createdAt: '2030-01-07T14:30:00.000Z' }),
      ],
    },
  });
  renderPanel();
  expect(screen.getByText('Loading chat…')).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: 'Messages' });
  const items = within(list).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('ALICE');
  expect(items[0]).toHaveTextContent('first');
  expect(within(items[0] as HTMLElement).getByRole('time')).toHaveAttribute('datetime', '2030-01-07T14:30:00.000Z');
  expect(items[1]).toHaveTextContent('<b>not bold</b> see https://example.com/a?b=1.');
  expect(within(items[1] as HTMLElement).queryByText('not bold', { selector: 'b' })).toBeNull();
  const link = within(items[1] as HTMLElement).getByRole('link', { name: 'https://example.com/a?b=1' });
  expect(link).toHaveAttribute('href', 'https://example.com/a?b=1');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  // Only the viewer's own message can be deleted by a player.
  expect(
    within(items[0] as HTMLElement).getByRole('button', { name: /Delete message from ALICE/ }),
  ).toBeInTheDocument();
  expect(within(items[1] as HTMLElement).queryByRole('button', { name: /Delete/ })).toBeNull();
});

it('an empty chat invites a first message; Enter sends, Shift+Enter starts a new line', async () => {
  const sent: unknown[] = [];
  answer({ contest: {} });
  server.use(
    http.post(`${API}/contest/c1/chat`, async ({ request }) => {
      const body = (await request.json()) as { text: string };
      sent.push(body);
      return HttpResponse.json({
        data: { message: message('m9', { text: body.text, userId: 'u1', ticker: 'ALICE' }) },
      });
    }),
  );
  renderPanel();
  expect(await screen.findByText('Say hello to the other players')).toBeInTheDocument();
  const box = screen.getByRole('textbox', { name: 'Message the contest' });
  await userEvent.type(box, 'Hello{Shift>}{Enter}{/Shift}world');
  expect(box).toHaveValue('Hello\nworld');
  expect(sent).toEqual([]);
  await userEvent.type(box, '{Enter}');
  await waitFor(() => expect(sent).toEqual([{ text: 'Hello\nworld', channel: 'contest' }]));
  await waitFor(() => expect(box).toHaveValue(''));
});

it("shows the server's refusal when posting too fast", async () => {
  answer({ contest: {} });
  server.use(
    http.post(`${API}/contest/c1/chat`, () =>
      HttpResponse.json(
        { errMessage: 'At most 10 messages a minute. Wait a moment and try again.', errors: [] },
        { status: 429, headers: { 'retry-after': '30' } },
      ),
    ),
  );
  renderPanel();
  const box = await screen.findByRole('textbox', { name: 'Message the contest' });
  await userEvent.type(box, 'spam{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('At most 10 messages a minute');
  expect(box).toHaveValue('spam');
});

it('new messages from the stream appear at once and are announced; a deletion shows "message deleted"', async () => {
  answer({ contest: { messages: [message('m1', { text: 'first' })] } });
  renderPanel();
  await screen.findByText('first');
  await waitFor(() => expect(streams).toHaveLength(1));
  act(() => streams[0]?.push('message', { message: message('m22', { text: 'Buy NVDA now', ticker: 'CAROL' }) }));
  expect(await screen.findByText('Buy NVDA now')).toBeInTheDocument();
  expect(screen.getByText('New message from CAROL: Buy NVDA now')).toBeInTheDocument();
  act(() =>
    streams[0]?.push('deleted', {
      contestId: 'c1',
      channel: 'contest',
      messageId: 'm1',
      deletedAt: '2030-01-07T14:40:00.000Z',
    }),
  );
  expect(await screen.findByText('message deleted')).toBeInTheDocument();
  expect(screen.queryByText('first')).toBeNull();
});

it('loads earlier messages on demand', async () => {
  answer({
    contest: { messages: [message('m3', { text: 'newest' })], next: 'cursor-1' },
    'contest<cursor-1': { messages: [message('m1', { text: 'oldest', createdAt: '2030-01-07T14:00:00.000Z' })] },
  });
  renderPanel();
  await screen.findByText('newest');
  await userEvent.click(screen.getByRole('button', { name: 'Load earlier' }));
  expect(await screen.findByText('oldest')).toBeInTheDocument();
  const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringContaining('oldest'),
    expect.stringContaining('newest'),
  ]);
  expect(screen.queryByRole('button', { name: 'Load earlier' })).toBeNull();
});

it('a completed contest is read-only; a muted player is told why', async () => {
  answer({
    contest: {
      messages: [message('m1')],
      viewer: { ...VIEWER, canPost: false, reason: 'The contest is over: its chat is read-only' },
    },
  });
  const { unmount } = renderPanel();
  expect(await screen.findByRole('note')).toHaveTextContent('The contest is over: its chat is read-only');
  expect(screen.queryByRole('textbox')).toBeNull();
  unmount();

  answer({
    contest: {
      viewer: { ...VIEWER, canPost: false, muted: true, reason: "The contest's creator has muted you in this chat" },
    },
  });
  renderPanel();
  expect(await screen.findByRole('note')).toHaveTextContent('muted you');
});

it('a player muted while the chat is open loses the message box at once, and gets it back when unmuted', async () => {
  let viewer: ChatViewer = VIEWER;
  answer({});
  server.use(
    http.get(`${API}/contest/c1/chat`, () => HttpResponse.json({ messages: [message('m1')], next: null, viewer })),
  );
  renderPanel();
  await screen.findByRole('textbox', { name: 'Message the contest' });
  await waitFor(() => expect(streams).toHaveLength(1));

  viewer = { ...VIEWER, canPost: false, muted: true, reason: "The contest's creator has muted you in this chat" };
  act(() => streams[0]?.push('viewer', { contestId: 'c1', muted: true }));
  expect(await screen.findByRole('note')).toHaveTextContent('muted you');
  expect(screen.queryByRole('textbox', { name: 'Message the contest' })).toBeNull();

  viewer = VIEWER;
  act(() => streams[0]?.push('viewer', { contestId: 'c1', muted: false }));
  await screen.findByRole('textbox', { name: 'Message the contest' });
});

it('a load failure says so and retries', async () => {
  server.use(
    http.get(`${API}/contest/c1/chat`, () =>
      HttpResponse.json({ errMessage: 'Contest not found', errors: [] }, { status: 404 }),
    ),
  );
  renderPanel();
  expect(await screen.findByRole('alert')).toHaveTextContent('Contest not found');
  answer({ contest: { messages: [message('m1', { text: 'back' })] } });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('back')).toBeInTheDocument();
});

it('a team member gets Contest and Team tabs, with unread counts for the tab not shown', async () => {
  answer({
    contest: { viewer: { ...VIEWER, team: 'Bulls' } },
    team: { messages: [message('t1', { channel: 'team', text: 'Bulls plan' })], viewer: { ...VIEWER, team: 'Bulls' } },
  });
  renderPanel({ isTeamCollaboration: true });
  const teamTab = await screen.findByRole('tab', { name: /Team/ });
  expect(screen.getByRole('tab', { name: 'Contest' })).toHaveAttribute('aria-selected', 'true');
  await waitFor(() => expect(streams).toHaveLength(1));
  expect(streams[0]?.channel).toBe('team');
  act(() => streams[0]?.push('message', { message: message('t2', { channel: 'team', text: 'Sell at noon' }) }));
  await waitFor(() => expect(teamTab).toHaveTextContent('1 unread'));
  await userEvent.click(teamTab);
  expect(await screen.findByText('Sell at noon')).toBeInTheDocument();
  expect(screen.getByText('Bulls plan')).toBeInTheDocument();
  expect(teamTab).not.toHaveTextContent('unread');
  expect(screen.getByRole('textbox', { name: 'Message your team' })).toBeInTheDocument();
});

it('on a phone: a Chat button with the unread count opens the chat as a sheet; Escape closes it', async () => {
  narrowScreen();
  answer({ contest: { messages: [message('m1', { text: 'first' })] } });
  renderPanel();
  const button = await screen.findByRole('button', { name: 'Chat' });
  await waitFor(() => expect(streams).toHaveLength(1));
  act(() => streams[0]?.push('message', { message: message('m22', { text: 'Psst' }) }));
  await waitFor(() => expect(button).toHaveAccessibleName('Chat 1 unread'));
  await userEvent.click(button);
  const sheet = screen.getByRole('dialog', { name: 'Chat' });
  expect(within(sheet).getByText('Psst')).toBeInTheDocument();
  expect(within(sheet).getByRole('textbox')).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(button).toHaveAccessibleName('Chat');
  expect(button).toHaveFocus();
});

it("the contest's creator deletes anyone's message and mutes its writer", async () => {
  const deleted: unknown[] = [];
  const muted: unknown[] = [];
  let gone = false;
  server.use(
    http.get(`${API}/contest/c1/chat`, () =>
      HttpResponse.json({
        messages: [
          message('m1', {
            text: gone ? '' : 'rude words',
            deletedAt: gone ? '2030-01-07T14:40:00.000Z' : null,
          }),
        ],
        next: null,
        viewer: { ...VIEWER, canModerate: true },
      }),
    ),
    http.get(`${API}/contest/c1/chat/events`, () => new HttpResponse(null, { status: 204 })),
    http.post(`${API}/contest/c1/chat/delete`, async ({ request }) => {
      deleted.push(await request.json());
      gone = true;
      return HttpResponse.json({
        data: { message: message('m1', { text: '', deletedAt: '2030-01-07T14:40:00.000Z' }) },
      });
    }),
    http.post(`${API}/contest/c1/chat/mute`, async ({ request }) => {
      muted.push(await request.json());
      return HttpResponse.json({ data: { userId: 'u2', muted: true } });
    }),
  );
  renderPanel();
  await screen.findByText('rude words');
  await userEvent.click(screen.getByRole('button', { name: 'Mute BOB' }));
  expect(await screen.findByRole('button', { name: 'Unmute BOB' })).toBeInTheDocument();
  expect(muted).toEqual([{ userId: 'u2', muted: true }]);
  await userEvent.click(screen.getByRole('button', { name: /Delete message from BOB/ }));
  expect(await screen.findByText('message deleted')).toBeInTheDocument();
  expect(screen.queryByText('rude words')).toBeNull();
  expect(deleted).toEqual([{ messageId: 'm1' }]);
});
