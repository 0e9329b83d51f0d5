import {
  chatMessageResponseSchema,
  chatPageResponseSchema,
  chatQuerySchema,
  deleteChatBodySchema,
  muteChatBodySchema,
  muteChatResponseSchema,
  postChatBodySchema,
} from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatAccess, readableTeam } from '../chat/access';
import { ChatBudgetSpent, deleteChat, muteInChat, postChat, readChat } from '../chat/chat';
import { requireContest } from '../contests/checks';
import { tooManyRequests } from '../lib/errors';
import { MAX_BUFFERED_BYTES } from './events';
import { contestIdParams, requireActiveUser, requireUser } from './guards';
import { startEventStream } from '../lib/event-stream';

/** Open chat streams per user (one per open contest screen and channel, like the live streams' bound). */
const MAX_CHAT_STREAMS_PER_USER = 5;

/** Contest and team chat (API.md "Chat"): the calls validate and hand over to chat/chat.ts; the stream is here. */
export default async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['chat'];

  app.get(
    API_ROUTES.chat,
    {
      schema: {
        tags,
        params: contestIdParams,
        querystring: chatQuerySchema,
        response: { 200: chatPageResponseSchema },
      },
    },
    async (request) => readChat(deps, requireUser(request), request.params.id, request.query),
  );

  app.post(
    API_ROUTES.chat,
    {
      schema: { tags, params: contestIdParams, body: postChatBodySchema, response: { 200: chatMessageResponseSchema } },
    },
    async (request, reply) => {
      try {
        return { data: { message: await postChat(deps, requireActiveUser(request), request.params.id, request.body) } };
      } catch (error) {
        if (error instanceof ChatBudgetSpent) throw tooManyRequests(reply, error.retryAfterMs, error.message);
        throw error;
      }
    },
  );

  app.post(
    API_ROUTES.deleteChat,
    {
      schema: {
        tags,
        params: contestIdParams,
        body: deleteChatBodySchema,
        response: { 200: chatMessageResponseSchema },
      },
    },
    async (request) => ({
      data: { message: await deleteChat(deps, requireActiveUser(request), request.params.id, request.body.messageId) },
    }),
  );

  app.post(
    API_ROUTES.muteChat,
    {
      schema: { tags, params: contestIdParams, body: muteChatBodySchema, response: { 200: muteChatResponseSchema } },
    },
    async (request) => ({ data: await muteInChat(deps, requireActiveUser(request), request.params.id, request.body) }),
  );

  const openStreams = new Map<string, number>();
  const onClose = new Set<() => void>();
  deps.events.on('close', () => {
    for (const drain of onClose) drain();
  });

  app.get(
    API_ROUTES.chatEvents,
    {
      schema: {
        tags,
        params: contestIdParams,
        // `team`: the stream also carries the caller's team channel (403 for a caller without a team).
        querystring: z.strictObject({ channel: z.enum(['contest', 'team']).optional() }),
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const access = chatAccess(await requireContest(deps.db, request.params.id, user.id), user);
      // Contest messages reach every stream of the contest; a team's reach the streams that asked for that team.
      const team = readableTeam(access, request.query.channel ?? 'contest');
      const open = openStreams.get(user.id) ?? 0;
      if (open >= MAX_CHAT_STREAMS_PER_USER) {
        throw tooManyRequests(
          reply,
          deps.streams.heartbeatMs,
          `At most ${MAX_CHAT_STREAMS_PER_USER} chat streams at once. Close one and try again.`,
        );
      }
      openStreams.set(user.id, open + 1);

      const raw = startEventStream(reply);
      let closed = false;
      // A reader that has stopped taking bytes misses messages rather than holding memory; it reads the page again
      // when it reconnects.
      const send = (chunk: Buffer) => {
        if (!closed && raw.writableLength <= MAX_BUFFERED_BYTES) raw.write(chunk);
      };
      const remove = deps.chat.add(access.contest.row.id, { userId: user.id, team, send });
      const heartbeat = setInterval(() => send(Buffer.from(': keep-alive\n\n')), deps.streams.heartbeatMs);
      const drain = () => {
        if (!closed) raw.write('retry: 500\n\n');
        finish();
      };
      const finish = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        remove();
        onClose.delete(drain);
        const left = (openStreams.get(user.id) ?? 1) - 1;
        if (left > 0) openStreams.set(user.id, left);
        else openStreams.delete(user.id);
        raw.end();
      };
      onClose.add(drain);
      raw.on('close', finish);
      raw.write('retry: 5000\n\n');
      // Tells the reader the stream is live, so it can read the newest page knowing nothing newer can be missed.
      raw.write(`event: ready\ndata: ${JSON.stringify({ contestId: access.contest.row.id })}\n\n`);
    },
  );
}
