import { z } from './zod';

// In-app notifications and text messages (API.md "Notifications"): what the server tells a player of, the list and its
// live stream, and the player's choices of which kinds reach them and how.

/** Every kind of notification, in the order the preferences form lists them. */
export const NOTIFICATION_KINDS = [
  'order-filled',
  'order-rejected',
  'order-expired',
  'margin-call',
  'contest-starting',
  'contest-started',
  'contest-ended',
  'contest-joined',
  'top-three-entered',
  'top-three-left',
  'mention',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds a player may also receive by text message (a few a day at most): the rest are in the app only. */
export const TEXT_KINDS = ['contest-starting', 'contest-started', 'contest-ended', 'margin-call'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** What the preferences form calls each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'order-filled': 'An order filled',
  'order-rejected': 'An order was rejected',
  'order-expired': 'An order expired',
  'margin-call': 'A margin call covered a short',
  'contest-starting': 'A contest you joined starts in 10 minutes',
  'contest-started': 'A contest you joined has started',
  'contest-ended': 'A contest you joined has ended',
  'contest-joined': 'Someone joined a contest you created',
  'top-three-entered': 'You entered the top 3',
  'top-three-left': 'You left the top 3',
  mention: 'Someone mentioned you in chat',
};

/** Text messages: at most this many a day per player, none in the quiet hours of the player's time zone. */
export const TEXT_LIMITS = { perDay: 3, quietFromHour: 21, quietUntilHour: 8 } as const;
export const DEFAULT_TIME_ZONE = 'America/New_York';

export const NOTIFICATION_PAGE = { min: 1, max: 100, default: 20 } as const;

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The app's screen for it, a same-origin path. */
  href: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /notifications?before&limit`: `before` is the previous page's `next`, opaque to clients. */
export const notificationsQuerySchema = z.strictObject({
  before: z.string().min(1, 'Not a cursor of this list').max(200, 'Not a cursor of this list').optional(),
  limit: z.coerce
    .number()
    .int('Must be a whole number')
    .min(NOTIFICATION_PAGE.min, `Must be between ${NOTIFICATION_PAGE.min} and ${NOTIFICATION_PAGE.max}`)
    .max(NOTIFICATION_PAGE.max, `Must be between ${NOTIFICATION_PAGE.min} and ${NOTIFICATION_PAGE.max}`)
    .default(NOTIFICATION_PAGE.default),
});

export const notificationsResponseSchema = z.object({
  /** Newest first. */
  notifications: z.array(notificationSchema),
  /** The caller's unread notifications, all pages. */
  unread: z.number(),
  /** The cursor of the next (older) page; null on the last. */
  next: z.string().nullable(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** `POST /notifications/read`: the given notifications of the caller's own, or all of them when `ids` is absent. */
export const markNotificationsReadBodySchema = z.strictObject({
  ids: z.array(z.string().min(1, 'Must be a notification id').max(64, 'Must be a notification id')).max(100).optional(),
});
export type MarkNotificationsReadBody = z.input<typeof markNotificationsReadBodySchema>;

export const markNotificationsReadResponseSchema = z.object({ unread: z.number() });

const channelsSchema = z.strictObject({ inApp: z.boolean(), text: z.boolean() });

/** Only IANA zone names the runtime knows ("America/New_York"). */
const timeZoneSchema = z
  .string()
  .min(1, 'Choose a time zone')
  .max(64, 'Choose a time zone')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a time zone');

export const notificationPreferencesSchema = z.object({
  /** Every kind, with whether it reaches the player in the app and by text (`text` is false for kinds not in TEXT_KINDS). */
  preferences: z.record(z.enum(NOTIFICATION_KINDS), channelsSchema),
  timeZone: z.string(),
  /** Whether the server knows a phone number to text (the one the player signed up with). */
  phoneNumber: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `POST /notifications/preferences`: the kinds to change (others keep their setting), and optionally the time zone. */
export const notificationPreferencesBodySchema = z
  .strictObject({
    preferences: z.partialRecord(z.enum(NOTIFICATION_KINDS), channelsSchema).optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .superRefine((body, context) => {
    for (const [kind, channels] of Object.entries(body.preferences ?? {})) {
      if (channels?.text && !(TEXT_KINDS as readonly string[]).includes(kind)) {
        context.addIssue({
          code: 'custom',
          path: ['preferences', kind, 'text'],
          message: 'This kind is not sent by text',
        });
      }
    }
  });
export type NotificationPreferencesBody = z.input<typeof notificationPreferencesBodySchema>;

/** The default of each kind: in the app on, by text off (a player opts in to texts). */
export function defaultPreferences(): NotificationPreferences['preferences'] {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { inApp: true, text: false }]),
  ) as NotificationPreferences['preferences'];
}

/** `GET /dev/outbox`: the text messages the local sender "sent" (never in production). */
export const outboxResponseSchema = z.object({
  messages: z.array(z.object({ to: z.string(), body: z.string(), kind: z.string(), sentAt: z.string().nullable() })),
});
