import { gbmStep, normalDraw, SimulatedPriceFeed } from './simulator';
import { UNIVERSE } from './universe';

const start = new Map(UNIVERSE.map((e) => [e.symbol, Math.round(e.referencePrice * 100)]));

async function path(seed: number, ticks: number) {
  const feed = new SimulatedPriceFeed(UNIVERSE, seed);
  let prices = start;
  for (let t = 1; t <= ticks; t++) prices = await feed.next(prices, t);
  return prices;
}

test('the universe holds about a hundred distinct stocks and ETFs with reference prices', () => {
  expect(UNIVERSE.length).toBeGreaterThanOrEqual(95);
  expect(new Set(UNIVERSE.map((e) => e.symbol)).size).toBe(UNIVERSE.length);
  expect(UNIVERSE.filter((e) => e.sector === 'ETF').length).toBeGreaterThan(5);
  for (const entry of UNIVERSE) expect(entry.referencePrice).toBeGreaterThan(0);
});

test('same seed, same prices; another seed, another path', async () => {
  const a = await path(7, 50);
  const b = await path(7, 50);
  const c = await path(8, 50);
  expect([...a]).toEqual([...b]);
  expect([...a]).not.toEqual([...c]);
});

test('prices stay positive whole cents and move every tick', async () => {
  const prices = await path(1, 200);
  let moved = 0;
  for (const [symbol, cents] of prices) {
    expect(Number.isInteger(cents)).toBe(true);
    expect(cents).toBeGreaterThan(0);
    if (cents !== start.get(symbol)) moved += 1;
  }
  expect(moved).toBeGreaterThan(UNIVERSE.length * 0.9);
});

test('draws look standard normal', () => {
  const draws = Array.from({ length: 20_000 }, (_, i) => normalDraw(42, i % 100, i));
  const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
  const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / draws.length;
  expect(Math.abs(mean)).toBeLessThan(0.05);
  expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  expect(gbmStep(10_000, 0.3, 0)).toBeGreaterThan(9_990);
});
