/** Where prices come from. The simulator implements it; a real quote provider can replace it without touching contests. */
export interface PriceFeed {
  readonly label: string;
  /**
   * Prices (cents, possibly with fractions of a cent: the market rounds them for display and trading but keeps the
   * exact value for the next step) for the step after `previous`, the tick number `tickIndex` of the feed's sequence.
   * `previous` maps every symbol to its last exact price in cents; `simulatedSeconds` is the market time since that
   * price (real time × MARKET_TIME_SCALE). Same inputs, same prices.
   */
  next(
    previous: ReadonlyMap<string, number>,
    tickIndex: number,
    simulatedSeconds: number,
  ): Promise<Map<string, number>>;
}
