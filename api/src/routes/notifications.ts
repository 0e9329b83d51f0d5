import {
  markNotificationsReadBodySchema,
  markNotificationsReadResponseSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  outboxResponseSchema,
} from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markRead,
  notificationsPage,
  notificationView,
  preferencesOf,
  savePreferences,
  sentTexts,
  unreadCounts,
} from '../db/notifications';
import type { UserRow } from '../db/users';
import { badRequest, tooManyRequests } from '../lib/errors';
import { NotificationStreams } from '../notifications/live';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifier';
import { HEARTBEAT_MS, MAX_BUFFERED_BYTES } from './events';
import { requireUser } from './guards';

/** At most this many open notification streams per user (a few tabs); 429 beyond. */
const MAX_STREAMS_PER_USER = 5;

/** The list's cursor: the last row's (createdAt, id), opaque to clients. */
const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
    throw badRequest('Validation failed', [{ field: 'before', message: 'Not a cursor of this list' }]);
  }
  return { createdAt, id };
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

async function unreadOf(app: FastifyInstance, user: UserRow): Promise<number> {
  return (await unreadCounts(app.deps.db, [user.id])).get(user.id) ?? 0;
}

/** Notifications (API.md "Notifications"): the list, reading, the live stream, preferences, and the local outbox. */
export default async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['notifications'];
  const streams = new NotificationStreams(deps.db);
  const stopListening = await deps.database.listen(
    NOTIFICATIONS_CHANNEL,
    (payload) => {
      streams.onNotice(payload).catch((error) => app.log.warn({ err: error }, 'notification notice failed'));
    },
    () => {
      streams.resync().catch((error) => app.log.warn({ err: error }, 'notification resync failed'));
    },
  );
  app.addHook('onClose', async () => stopListening());

  app.get(
    API_ROUTES.notifications,
    { schema: { tags, querystring: notificationsQuerySchema, response: { 200: notificationsResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const before = request.query.before ? decodeCursor(request.query.before) : null;
      const rows = await notificationsPage(deps.db, user.id, request.query.limit + 1, before);
      const page = rows.slice(0, request.query.limit);
      const last = page.at(-1);
      return {
        notifications: page.map(notificationView),
        unread: await unreadOf(app, user),
        next: rows.length > page.length && last ? encodeCursor(last) : null,
      };
    },
  );

  app.post(
    API_ROUTES.markNotificationsRead,
    {
      schema: {
        tags,
        body: markNotificationsReadBodySchema,
        response: { 200: markNotificationsReadResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await markRead(deps.db, user.id, request.body.ids ?? null, deps.clock.now());
      // The user's other tabs and devices show the new count too.
      await deps.notifier.announceRead(user.id);
      return { unread: await unreadOf(app, user) };
    },
  );

  const preferencesView = async (user: UserRow) => ({
    ...(await preferencesOf(deps.db, user.id)),
    phoneNumber: user.phoneNumber !== null,
  });

  app.get(
    API_ROUTES.notificationPreferences,
    { schema: { tags, response: { 200: notificationPreferencesSchema } } },
    async (request) => preferencesView(requireUser(request)),
  );

  app.post(
    API_ROUTES.notificationPreferences,
    {
      schema: {
        tags,
        body: notificationPreferencesBodySchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const kinds = Object.fromEntries(
        Object.entries(request.body.preferences ?? {}).filter((entry) => entry[1] !== undefined),
      ) as Record<string, { inApp: boolean; text: boolean }>;
      await savePreferences(deps.db, user.id, { kinds, timeZone: request.body.timeZone }, deps.clock.now());
      return preferencesView(user);
    },
  );

  app.get(
    API_ROUTES.notificationEvents,
    { schema: { tags, produces: ['text/event-stream'] } },
    async (request, reply) => {
      const user = requireUser(request);
      if (streams.count(user.id) >= MAX_STREAMS_PER_USER) {
        throw tooManyRequests(
          reply,
          HEARTBEAT_MS,
          `At most ${MAX_STREAMS_PER_USER} notification streams at once. Close one and try again.`,
        );
      }
      const unread = await unreadOf(app, user);
      reply.hijack();
      const raw = reply.raw;
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) headers[name] = value as string;
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let closed = false;
      const write = (text: string) => {
        // A reader that takes nothing costs bounded memory; the list it reads later has everything.
        if (!closed && raw.writableLength <= MAX_BUFFERED_BYTES) raw.write(text);
      };
      const remove = streams.add(user.id, { send: (event: string, data: unknown) => write(sse(event, data)) });
      deps.streams.open += 1;
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), deps.streams.heartbeatMs);
      const finish = () => {
        if (closed) return;
        closed = true;
        deps.streams.open -= 1;
        clearInterval(heartbeat);
        remove();
        deps.events.off('close', drain);
        raw.end();
      };
      const drain = () => {
        write('retry: 500\n\n');
        finish();
      };
      deps.events.on('close', drain);
      raw.on('close', finish);
      write('retry: 5000\n\n');
      write(sse('unread', { unread }));
    },
  );

  if (deps.config.texts.outboxPage) {
    app.get(
      API_ROUTES.devOutbox,
      // A page for whoever runs the stack locally, like the user pool's outbox of codes.
      { config: { auth: 'public' }, schema: { tags, response: { 200: outboxResponseSchema } } },
      async () => {
        const rows = await sentTexts(deps.db, 100);
        return {
          messages: rows.map((row) => ({
            to: row.phoneNumber,
            body: row.body,
            kind: row.kind,
            sentAt: row.sentAt ? row.sentAt.toISOString() : null,
          })),
        };
      },
    );
  }
}
