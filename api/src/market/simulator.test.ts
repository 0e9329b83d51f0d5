import { gbmStep, normalDraw, SECONDS_PER_YEAR, SimulatedPriceFeed, volatilityOf } from './simulator';
import { UNIVERSE } from './universe';

const start = new Map(UNIVERSE.map((e) => [e.symbol, Math.round(e.referencePrice * 100)]));
const DAY_S = 86_400;

/** `ticks` steps of `stepSeconds` of simulated time each. */
async function path(seed: number, ticks: number, stepSeconds = 5) {
  const feed = new SimulatedPriceFeed(UNIVERSE, seed);
  let prices: Map<string, number> = start;
  for (let t = 1; t <= ticks; t++) prices = await feed.next(prices, t, stepSeconds);
  return prices;
}

test('the universe holds about a hundred distinct stocks and ETFs with reference prices', () => {
  expect(UNIVERSE.length).toBeGreaterThanOrEqual(95);
  expect(new Set(UNIVERSE.map((e) => e.symbol)).size).toBe(UNIVERSE.length);
  expect(UNIVERSE.filter((e) => e.sector === 'ETF').length).toBeGreaterThan(5);
  for (const entry of UNIVERSE) expect(entry.referencePrice).toBeGreaterThan(0);
});

test('every symbol has a believable annual volatility: 15–45 % (DESIGN §6)', () => {
  for (const entry of UNIVERSE) {
    const volatility = volatilityOf(entry);
    expect([entry.symbol, volatility >= 0.15 && volatility <= 0.45]).toEqual([entry.symbol, true]);
  }
  // Sectors differ: staples move less than technology.
  expect(volatilityOf({ symbol: 'KO', sector: 'Consumer Staples' })).toBeLessThan(
    volatilityOf({ symbol: 'MSFT', sector: 'Technology' }),
  );
});

test('same seed, same prices; another seed, another path', async () => {
  const a = await path(7, 50);
  const b = await path(7, 50);
  const c = await path(8, 50);
  expect([...a]).toEqual([...b]);
  expect([...a]).not.toEqual([...c]);
});

test('prices stay positive and every step moves them, even by less than a cent (the exact price is kept)', async () => {
  const feed = new SimulatedPriceFeed(UNIVERSE, 1);
  const after = await feed.next(start, 1, 5);
  let moved = 0;
  for (const [symbol, cents] of after) {
    expect(cents).toBeGreaterThan(0);
    if (cents !== start.get(symbol)) moved += 1;
    // Five seconds of a year at 45 % at most: far less than a cent on most names.
    expect(Math.abs(cents / (start.get(symbol) ?? 1) - 1)).toBeLessThan(0.01);
  }
  expect(moved).toBe(UNIVERSE.length);
  // No time, no move.
  expect([...(await feed.next(start, 2, 0))]).toEqual([...start]);
});

test('a day of the simulated market rarely moves a stock beyond ±5 %, and the yearly volatility is what the sector says', async () => {
  const feed = new SimulatedPriceFeed(UNIVERSE, 20240601);
  const days = 250;
  let prices: Map<string, number> = start;
  const moves = new Map<string, number[]>(UNIVERSE.map((e) => [e.symbol, []]));
  for (let day = 1; day <= days; day++) {
    const next = await feed.next(prices, day, DAY_S);
    for (const [symbol, cents] of next) moves.get(symbol)?.push(Math.log(cents / (prices.get(symbol) ?? cents)));
    prices = next;
  }
  let beyond = 0;
  let total = 0;
  for (const entry of UNIVERSE) {
    const list = moves.get(entry.symbol) ?? [];
    const mean = list.reduce((a, b) => a + b, 0) / list.length;
    const yearly = Math.sqrt(
      (list.reduce((a, b) => a + (b - mean) ** 2, 0) / (list.length - 1)) * (SECONDS_PER_YEAR / DAY_S),
    );
    // 250 draws estimate a volatility within about ±10 % of itself; ±25 % leaves no room for flakiness.
    expect([entry.symbol, Math.abs(yearly / volatilityOf(entry) - 1) < 0.25]).toEqual([entry.symbol, true]);
    beyond += list.filter((r) => Math.abs(Math.expm1(r)) > 0.05).length;
    total += list.length;
  }
  expect(beyond / total).toBeLessThan(0.02);
});

test('compressing time never inflates volatility: a day in 288 five-minute steps moves as much as a day in one step', async () => {
  const feed = new SimulatedPriceFeed(UNIVERSE, 99);
  const daysOf = async (stepSeconds: number, days: number) => {
    const steps = DAY_S / stepSeconds;
    const returns: number[] = [];
    let prices: Map<string, number> = start;
    let tick = 0;
    for (let day = 0; day < days; day++) {
      let next = prices;
      for (let s = 0; s < steps; s++) next = await feed.next(next, ++tick, stepSeconds);
      for (const entry of UNIVERSE)
        returns.push(Math.log((next.get(entry.symbol) ?? 1) / (prices.get(entry.symbol) ?? 1)) / volatilityOf(entry));
      prices = next;
    }
    return Math.sqrt(returns.reduce((a, b) => a + b * b, 0) / returns.length);
  };
  const oneStep = await daysOf(DAY_S, 40);
  const minuteSteps = await daysOf(300, 10);
  const expected = Math.sqrt(DAY_S / SECONDS_PER_YEAR);
  expect(Math.abs(oneStep / expected - 1)).toBeLessThan(0.1);
  expect(Math.abs(minuteSteps / expected - 1)).toBeLessThan(0.1);
});

test('draws look standard normal', () => {
  const draws = Array.from({ length: 20_000 }, (_, i) => normalDraw(42, i % 100, i));
  const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
  const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / draws.length;
  expect(Math.abs(mean)).toBeLessThan(0.05);
  expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  expect(gbmStep(10_000, 0.3, 0, 1 / 365)).toBeGreaterThan(9_990);
  expect(gbmStep(10_000, 0.3, 3, 0)).toBe(10_000);
});
