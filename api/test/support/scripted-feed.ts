import type { PriceModel } from '../../src/market/price-feed';

/** Prices the test sets: each tick moves the named symbols to exactly these cents, the others stay where they are. */
export class ScriptedFeed implements PriceModel {
  readonly label = 'Scripted prices';
  private readonly wanted = new Map<string, number>();
  set(prices: Record<string, number>) {
    for (const [symbol, dollars] of Object.entries(prices)) this.wanted.set(symbol, Math.round(dollars * 100));
  }
  async next(previous: ReadonlyMap<string, number>): Promise<Map<string, number>> {
    const next = new Map(previous);
    for (const [symbol, cents] of this.wanted) next.set(symbol, cents);
    return next;
  }
}
