import { idSchema, textSchema } from './requests';
import { z } from './zod';

// Contest and team chat (API.md "Chat"): every contest has a channel for its players and creator, and a team
// collaboration one more per team, read and written by that team's members only.

export const CHAT_LIMITS = {
  /** Characters of a message after trimming. */
  text: { min: 1, max: 500 },
  /** Messages one player may post in any chat within `windowSeconds` before a 429 with Retry-After. */
  perUser: 10,
  /** Messages one contest's chat takes within `windowSeconds` from everyone together. */
  perContest: 120,
  windowSeconds: 60,
  /** A page of `GET /contest/{id}/chat`. */
  page: { min: 1, max: 100, default: 50 },
} as const;

/** `contest`: everyone who may see the contest reads it; `team`: the caller's own team in a team collaboration. */
export const chatChannelSchema = z.enum(['contest', 'team']);
export type ChatChannel = z.infer<typeof chatChannelSchema>;

/** A message as every reader gets it. A deleted one keeps its place with `text: ''` and `deletedAt` set. */
export const chatMessageSchema = z.object({
  _id: z.string(),
  contestId: z.string(),
  channel: chatChannelSchema,
  userId: z.string(),
  ticker: z.string(),
  text: z.string(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** What the caller may do in this chat, so a screen can say why it cannot post before anyone tries. */
export const chatViewerSchema = z.object({
  canPost: z.boolean(),
  /** Why the caller cannot post, in words a player understands; null when they can. */
  reason: z.string().nullable(),
  muted: z.boolean(),
  /** The contest's creator or an admin: may delete anyone's message (the creator may also mute). */
  canModerate: z.boolean(),
  /** The caller's team when it has a team channel to read, else null. */
  team: z.string().nullable(),
});
export type ChatViewer = z.infer<typeof chatViewerSchema>;

export const chatQuerySchema = z.strictObject({
  channel: chatChannelSchema.default('contest'),
  before: z.string().min(1, 'Not a cursor of this chat').max(200, 'Not a cursor of this chat').optional(),
  limit: z.coerce
    .number()
    .int('Must be a whole number')
    .min(CHAT_LIMITS.page.min, `Must be between ${CHAT_LIMITS.page.min} and ${CHAT_LIMITS.page.max}`)
    .max(CHAT_LIMITS.page.max, `Must be between ${CHAT_LIMITS.page.min} and ${CHAT_LIMITS.page.max}`)
    .default(CHAT_LIMITS.page.default),
});
export type ChatQuery = z.input<typeof chatQuerySchema>;

/** Newest first; `next` is the `before` of the page of older messages, null at the first message. */
export const chatPageResponseSchema = z.object({
  messages: z.array(chatMessageSchema),
  next: z.string().nullable(),
  viewer: chatViewerSchema,
});
export type ChatPageResponse = z.infer<typeof chatPageResponseSchema>;

/** Plain text: it is stored and shown as written (never read as HTML); line breaks are kept. */
export const chatTextSchema = textSchema('Message', 'multi-line')
  .min(CHAT_LIMITS.text.min, 'Write a message first')
  .max(CHAT_LIMITS.text.max, `Message: at most ${CHAT_LIMITS.text.max} characters`);

export const postChatBodySchema = z.strictObject({
  text: z.string('Write a message first').pipe(chatTextSchema),
  channel: chatChannelSchema.default('contest'),
});
export type PostChatBody = z.input<typeof postChatBodySchema>;

export const chatMessageResponseSchema = z.object({ data: z.object({ message: chatMessageSchema }) });

export const deleteChatBodySchema = z.strictObject({ messageId: idSchema });

export const muteChatBodySchema = z.strictObject({ userId: idSchema, muted: z.boolean('Muted: true or false') });
export const muteChatResponseSchema = z.object({ data: z.object({ userId: z.string(), muted: z.boolean() }) });

/** Events of `GET /contest/{id}/chat/events`: a new message, one deleted (its text is never sent again), or (to that
 *  player only) `viewer` when the creator mutes or unmutes the reader. */
export const chatMessageEventSchema = z.object({ message: chatMessageSchema });
export const chatDeletedEventSchema = z.object({
  contestId: z.string(),
  channel: chatChannelSchema,
  messageId: z.string(),
  deletedAt: z.string(),
});
export type ChatDeletedEvent = z.infer<typeof chatDeletedEventSchema>;
/** The caller's rights in the chat changed (the creator muted or unmuted them): read the newest page again. */
export const chatViewerEventSchema = z.object({ contestId: z.string(), muted: z.boolean() });
export type ChatViewerEvent = z.infer<typeof chatViewerEventSchema>;
