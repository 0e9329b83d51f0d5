import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Clock } from '../lib/clock';
import type { Scheduler } from '../lib/scheduler';
import { MassiveFeed } from './massive/massive-feed';
import { isPriceFeed, ModelFeed, type PriceFeed, type PriceModel } from './price-feed';

/** The feed MARKET_FEED names: Massive's, or the simulator (made only when asked: it needs the market's secret). */
export async function createPriceFeed(
  config: AppConfig['market'],
  deps: { clock: Clock; scheduler: Scheduler; log: FastifyBaseLogger; simulator: () => Promise<PriceModel> },
): Promise<PriceFeed> {
  if (config.feed === 'massive' && config.massive) {
    return new MassiveFeed({
      ...config.massive,
      delayMinutes: config.delayMinutes,
      statusPollMs: config.statusPollMs,
      clock: deps.clock,
      scheduler: deps.scheduler,
      log: deps.log,
    });
  }
  const model = await deps.simulator();
  return isPriceFeed(model) ? model : new ModelFeed(model);
}
