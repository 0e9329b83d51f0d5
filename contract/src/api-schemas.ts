import {
  chatMessageResponseSchema,
  chatPageResponseSchema,
  deleteChatBodySchema,
  muteChatBodySchema,
  muteChatResponseSchema,
  postChatBodySchema,
} from './chat';
import { getEquitiesBodySchema, marketStatusResponseSchema } from './market';
import {
  cancelOrderBodySchema,
  marketOrderResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
  placeOrderBodySchema,
} from './orders';
import {
  markNotificationsReadBodySchema,
  markNotificationsReadResponseSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  notificationsResponseSchema,
  outboxResponseSchema,
} from './notifications';
import type { API_PATHS } from './paths';
import {
  changePicksBodySchema,
  contestIdBodySchema,
  createContestBodySchema,
  editContestBodySchema,
  editProfileBodySchema,
  emptyBodySchema,
  getUserProfileBodySchema,
  initializeUserBodySchema,
  joinContestBodySchema,
  tradeBodySchema,
} from './requests';
import {
  contestBoardResponseSchema,
  contestDataResponseSchema,
  contestResultsResponseSchema,
  contestUserResponseSchema,
  equitiesResponseSchema,
  equityHistoryResponseSchema,
  getContestResponseSchema,
  healthResponseSchema,
  portfolioHistoryResponseSchema,
  standingsPageResponseSchema,
  upcomingContestsResponseSchema,
  userProfileResponseSchema,
  userResponseSchema,
} from './responses';
import {
  analyticsResponseSchema,
  benchmarkResponseSchema,
  completedPlayerResponseSchema,
  livePublicResponseSchema,
} from './results';
import { healthPassResponseSchema, remoteHealthResponseSchema } from './telemetry';
import type { z } from './zod';

interface Read {
  readonly response: z.ZodType;
}
interface Write extends Read {
  readonly body: z.ZodType;
}
/** What one path answers to each method the API client sends it; a path with neither is not for the client. */
interface Methods {
  readonly get?: Read;
  readonly post?: Write;
}

/** Each entry of API_PATHS with the schema of the body it takes and of the answer it gives, the server's own (its
 *  routes validate with the same schemas). The API client's types come from this map by `import type`, so the pages
 *  that call it load no zod; a development build loads it to check every answer. */
export const API_SCHEMAS = {
  health: { get: { response: healthResponseSchema } },
  getEquities: { post: { body: getEquitiesBodySchema, response: equitiesResponseSchema } },
  equityHistory: { get: { response: equityHistoryResponseSchema } },
  marketStatus: { get: { response: marketStatusResponseSchema } },
  createContest: { post: { body: createContestBodySchema, response: contestDataResponseSchema } },
  editContest: { post: { body: editContestBodySchema, response: contestDataResponseSchema } },
  getContest: { post: { body: contestIdBodySchema, response: getContestResponseSchema } },
  upcomingContests: { get: { response: upcomingContestsResponseSchema } },
  completedContests: { get: { response: contestResultsResponseSchema } },
  completedContest: { get: { response: contestBoardResponseSchema } },
  activeContests: { get: { response: contestResultsResponseSchema } },
  activeContest: { get: { response: contestBoardResponseSchema } },
  portfolioHistory: { get: { response: portfolioHistoryResponseSchema } },
  /** An event stream, read with EventSource rather than the client. */
  contestEvents: {},
  contestStandings: { get: { response: standingsPageResponseSchema } },
  joinContest: { post: { body: joinContestBodySchema, response: contestUserResponseSchema } },
  changePicks: { post: { body: changePicksBodySchema, response: contestUserResponseSchema } },
  leaveContest: { post: { body: contestIdBodySchema, response: contestUserResponseSchema } },
  cancelContest: { post: { body: contestIdBodySchema, response: contestDataResponseSchema } },
  trading: { post: { body: tradeBodySchema, response: marketOrderResponseSchema } },
  contestUser: { get: { response: contestUserResponseSchema } },
  getUser: { post: { body: emptyBodySchema, response: userResponseSchema } },
  initializeUser: { post: { body: initializeUserBodySchema, response: userResponseSchema } },
  getUserProfile: { post: { body: getUserProfileBodySchema, response: userProfileResponseSchema } },
  editProfile: { post: { body: editProfileBodySchema, response: userProfileResponseSchema } },
  placeOrder: { post: { body: placeOrderBodySchema, response: orderResponseSchema } },
  cancelOrder: { post: { body: cancelOrderBodySchema, response: orderResponseSchema } },
  contestOrders: { get: { response: ordersResponseSchema } },
  benchmark: { get: { response: benchmarkResponseSchema } },
  livePublic: { get: { response: livePublicResponseSchema } },
  completedPlayer: { get: { response: completedPlayerResponseSchema } },
  analytics: { get: { response: analyticsResponseSchema } },
  chat: {
    get: { response: chatPageResponseSchema },
    post: { body: postChatBodySchema, response: chatMessageResponseSchema },
  },
  deleteChat: { post: { body: deleteChatBodySchema, response: chatMessageResponseSchema } },
  muteChat: { post: { body: muteChatBodySchema, response: muteChatResponseSchema } },
  /** An event stream, read with fetch streaming rather than the client. */
  chatEvents: {},
  /** The operators' read; the host's report goes by sendBeacon, which the client does not send. */
  remoteHealth: { get: { response: remoteHealthResponseSchema } },
  healthPass: { post: { body: emptyBodySchema, response: healthPassResponseSchema } },
  notifications: { get: { response: notificationsResponseSchema } },
  markNotificationsRead: {
    post: { body: markNotificationsReadBodySchema, response: markNotificationsReadResponseSchema },
  },
  /** An event stream, read with fetch streaming rather than the client. */
  notificationEvents: {},
  notificationPreferences: {
    get: { response: notificationPreferencesSchema },
    post: { body: notificationPreferencesBodySchema, response: notificationPreferencesSchema },
  },
  devOutbox: { get: { response: outboxResponseSchema } },
} as const satisfies { readonly [Name in keyof typeof API_PATHS]: Methods };
