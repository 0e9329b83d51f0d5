import { maxDrawdown, sectorExposure } from './analytics';
import { nextTrailingStop, trailingStopAt } from './orders';
import { buyingPowerCents, reservedCashOf, shortExposureCents } from './rules';
import { fill } from './trade';

test('buying power is cash less 150 % of the shorts; a short reserves 150 % rounded up to a cent', () => {
  const prices = new Map([
    ['TSLA', 20_001],
    ['AAPL', 10_000],
  ]);
  const exposure = shortExposureCents(
    [
      { symbol: 'TSLA', quantity: -3 },
      { symbol: 'AAPL', quantity: 5 },
    ],
    prices,
  );
  expect(exposure).toBe(60_003);
  expect(buyingPowerCents(100_000, exposure)).toBe(100_000 - 90_005);
  expect(reservedCashOf('short', 1, 101)).toBe(152);
  expect(reservedCashOf('buy', 3, 101)).toBe(303);
  expect(reservedCashOf('cover', 3, 101)).toBe(303);
  expect(reservedCashOf('sell', 3, 101)).toBe(0);
});

test('fills: a short then a cover give back exactly the price difference less commissions', () => {
  const shorted = fill(null, 'short', 10, 20_000, 505);
  expect(shorted).toEqual({
    ok: true,
    amountCents: 200_000,
    cashDeltaCents: 199_495,
    quantity: -10,
    costCents: -200_000,
  });
  const covered = fill({ quantity: -10, costCents: -200_000 }, 'cover', 4, 18_000, 100);
  expect(covered).toEqual({
    ok: true,
    amountCents: 72_000,
    cashDeltaCents: -72_100,
    quantity: -6,
    costCents: -120_000,
  });
  expect(fill({ quantity: 5, costCents: 500 }, 'short', 1, 100, 0)).toEqual({ ok: false, reason: 'opposite-position' });
  expect(fill({ quantity: -5, costCents: -500 }, 'buy', 1, 100, 0)).toEqual({ ok: false, reason: 'opposite-position' });
  expect(fill({ quantity: -5, costCents: -500 }, 'sell', 1, 100, 0)).toEqual({
    ok: false,
    reason: 'insufficient-shares',
  });
  expect(fill({ quantity: 5, costCents: 500 }, 'cover', 1, 100, 0)).toEqual({
    ok: false,
    reason: 'insufficient-shares',
  });
});

test('a trailing stop trails the best price by the amount or the percent and never moves back', () => {
  expect(trailingStopAt('sell', 10_000, 500, null)).toBe(9500);
  expect(trailingStopAt('cover', 5000, null, 10)).toBe(5500);
  expect(trailingStopAt('short', 10_001, null, 10)).toBe(9000);
  expect(nextTrailingStop('sell', 9500, 11_000, 500, null)).toBe(10_500);
  expect(nextTrailingStop('sell', 10_500, 10_800, 500, null)).toBe(10_500);
  expect(nextTrailingStop('buy', 5500, 4000, null, 10)).toBe(4400);
  expect(nextTrailingStop('buy', 4400, 4500, null, 10)).toBe(4400);
});

test('drawdown and sector exposure', () => {
  expect(maxDrawdown([100, 120, 90, 130, 117])).toBe(-0.25);
  expect(maxDrawdown([100, 101, 102])).toBe(0);
  expect(
    sectorExposure([
      { sector: 'Technology', valueCents: 6000 },
      { sector: 'Energy', valueCents: -3000 },
      { sector: 'Technology', valueCents: -1000 },
    ]),
  ).toEqual([
    { sector: 'Technology', valueCents: 5000, weight: 0.7 },
    { sector: 'Energy', valueCents: -3000, weight: 0.3 },
  ]);
});
