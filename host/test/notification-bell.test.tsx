import './setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { API, activeUser, answerUser, currentPath, heading, renderAt, server } from './render-app';

const notification = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  kind: 'order-filled',
  title: `Order filled: buy 1 AAPL (${id})`,
  body: 'Your limit order to buy 1 AAPL filled at $140.00 in Spring Cup.',
  href: '/trading/c1',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...overrides,
});

/** The stream answers these events, the later ones `delayMs` after the first, then ends. */
function answerStream(first: string, later: string[] = [], delayMs = 50) {
  const encoder = new TextEncoder();
  server.use(
    http.get(
      `${API}/notifications/events`,
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode(first));
              setTimeout(() => {
                for (const text of later) controller.enqueue(encoder.encode(text));
                controller.close();
              }, delayMs);
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    ),
  );
}

const unread = (count: number) => `event: unread\ndata: {"unread":${count}}\n\n`;

function answerList(body: unknown, status = 200) {
  server.use(http.get(`${API}/notifications`, () => HttpResponse.json(body as object, { status })));
}

async function openBell(name: string | RegExp = /^Notifications/) {
  await heading('remote_contests/HomePage');
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('the notification bell in the header', () => {
  beforeEach(() => answerUser({ user: activeUser }));

  it('says how many are unread, lists them newest first, and a click reads one and opens its screen', async () => {
    answerStream(unread(2));
    answerList({
      notifications: [
        notification('n2', { title: 'Spring Cup has started', href: '/live-contest/c1', kind: 'contest-started' }),
        notification('n1'),
        notification('n0', { title: 'Old news', readAt: new Date().toISOString() }),
      ],
      unread: 2,
      next: null,
    });
    const marked: unknown[] = [];
    server.use(
      http.post(`${API}/notifications/read`, async ({ request }) => {
        marked.push(await request.json());
        return HttpResponse.json({ unread: 1 });
      }),
    );
    renderAt('/home', { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    const panel = await openBell('Notifications, 2 unread');
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/live-contest/c1', '/trading/c1', '/trading/c1']);
    expect(links[0]).toHaveTextContent('Unread: Spring Cup has started');
    expect(links[2]).not.toHaveTextContent('Unread');
    expect(links[1]).toHaveTextContent('5 min ago');

    await userEvent.click(links[0] as HTMLElement);
    await waitFor(() => expect(currentPath()).toBe('/live-contest/c1'));
    expect(marked).toEqual([{ ids: ['n2'] }]);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks all as read', async () => {
    answerStream(unread(1));
    answerList({ notifications: [notification('n1')], unread: 1, next: null });
    server.use(http.post(`${API}/notifications/read`, () => HttpResponse.json({ unread: 0 })));
    renderAt('/home', { signedIn: true });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const panel = await openBell();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(panel).getByRole('link')).not.toHaveTextContent('Unread');
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says when there are none yet, and closes with Escape, giving the focus back to the bell', async () => {
    answerList({ notifications: [], unread: 0, next: null });
    renderAt('/home', { signedIn: true });
    const panel = await openBell();
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('shows a failed read with Retry, which reads again', async () => {
    answerList({ errMessage: 'Not found', errors: [] }, 404);
    renderAt('/home', { signedIn: true });
    const panel = await openBell();
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Notifications could not be loaded.');
    answerList({ notifications: [notification('n1')], unread: 1, next: null });
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('link', { name: /Order filled/ })).toBeInTheDocument();
  });

  it('lights up live when a notification arrives, and lists it in the open panel', async () => {
    answerList({ notifications: [], unread: 0, next: null });
    const arriving = notification('live-1', {
      title: 'Order filled: sell 1 AAPL',
      createdAt: new Date().toISOString(),
    });
    answerStream(
      unread(0),
      [`event: notification\ndata: ${JSON.stringify({ notification: arriving, unread: 1 })}\n\n`],
      300,
    );
    renderAt('/home', { signedIn: true });
    const panel = await openBell();
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Order filled: sell 1 AAPL/ })).toHaveAttribute(
      'href',
      '/trading/c1',
    );
    expect(within(panel).getByRole('link')).toHaveTextContent('just now');
  });
});
