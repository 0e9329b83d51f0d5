/** Where prices come from. The simulator implements it; a real quote provider can replace it without touching contests. */
export interface PriceFeed {
  readonly label: string;
  /**
   * Prices (integer cents) for the step after `previous`, the tick number `tickIndex` of the feed's sequence.
   * `previous` maps every symbol to its last price in cents.
   */
  next(previous: ReadonlyMap<string, number>, tickIndex: number): Promise<Map<string, number>>;
}
