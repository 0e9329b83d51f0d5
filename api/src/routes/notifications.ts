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
import { tooManyRequests } from '../lib/errors';
import { NotificationStreams } from '../notifications/live';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifier';
import {
  changeNotificationPreferences,
  listNotifications,
  notificationPreferences,
  outbox,
  readNotifications,
  unreadOf,
} from '../notifications/use-cases';
import { HEARTBEAT_MS, MAX_BUFFERED_BYTES } from './events';
import { requireUser } from './guards';
import { sseEvent, startEventStream } from '../lib/event-stream';

/** At most this many open notification streams per user (a few tabs); 429 beyond. */
const MAX_STREAMS_PER_USER = 5;

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
    async (request) => listNotifications(deps, requireUser(request), request.query),
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
    async (request) => readNotifications(deps, requireUser(request), request.body),
  );

  app.get(
    API_ROUTES.notificationPreferences,
    { schema: { tags, response: { 200: notificationPreferencesSchema } } },
    async (request) => notificationPreferences(deps, requireUser(request)),
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
    async (request) => changeNotificationPreferences(deps, requireUser(request), request.body),
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
      const unread = await unreadOf(deps, user);
      const raw = startEventStream(reply);
      let closed = false;
      const write = (text: string) => {
        // A reader that takes nothing costs bounded memory; the list it reads later has everything.
        if (!closed && raw.writableLength <= MAX_BUFFERED_BYTES) raw.write(text);
      };
      const remove = streams.add(user.id, { send: (event: string, data: unknown) => write(sseEvent(event, data)) });
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
      write(sseEvent('unread', { unread }));
    },
  );

  if (deps.config.texts.outboxPage) {
    app.get(
      API_ROUTES.devOutbox,
      // A page for whoever runs the stack locally, like the user pool's outbox of codes.
      { config: { auth: 'public' }, schema: { tags, response: { 200: outboxResponseSchema } } },
      async () => outbox(deps),
    );
  }
}
