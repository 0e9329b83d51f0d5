import type { TradeSide } from './models';

// Each side in the words the player chose it by, on every screen: a buy-to-cover is not a sale, and a short is not
// one either. No zod here, so the pages that name sides carry no schema library for it.

export const SIDE_WORDS: Record<TradeSide, string> = { buy: 'Buy', sell: 'Sell', short: 'Short', cover: 'Cover' };

/** Which way a side moves the player's cash: buying (a buy, a cover) reads up, selling (a sell, a short) down. */
export const SIDE_TREND: Record<TradeSide, 'up' | 'down'> = {
  buy: 'up',
  cover: 'up',
  sell: 'down',
  short: 'down',
};
