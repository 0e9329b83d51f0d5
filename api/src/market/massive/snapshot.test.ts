import { snapshotPrice } from './snapshot';

const readAt = new Date('2030-01-07T15:00:00.000Z');
const ns = (iso: string) => Date.parse(iso) * 1_000_000;

test('the last trade first, as of `updated` (nanoseconds); the previous day’s close is the previous close', () => {
  expect(
    snapshotPrice(
      {
        ticker: 'AAPL',
        updated: ns('2030-01-07T14:44:00.000Z'),
        lastTrade: { p: 231.25, t: ns('2030-01-07T14:43:59.000Z') },
        min: { c: 231 },
        prevDay: { c: 228 },
      },
      readAt,
    ),
  ).toEqual({ symbol: 'AAPL', cents: 23125, asOf: new Date('2030-01-07T14:44:00.000Z'), previousCloseCents: 22800 });
});

test('without a last trade, the minute bar’s close; without either, the previous close, as of the read', () => {
  const minute = snapshotPrice({ ticker: 'MSFT', updated: ns('2030-01-07T14:40:00.000Z'), min: { c: 411.5 } }, readAt);
  expect(minute).toMatchObject({ cents: 41150, asOf: new Date('2030-01-07T14:40:00.000Z') });
  expect(minute).not.toHaveProperty('previousCloseCents');
  // The provider's empty minute (all zeros) is no price.
  const prevOnly = snapshotPrice({ ticker: 'SPY', updated: 0, min: { c: 0 }, prevDay: { c: 598.5 } }, readAt);
  expect(prevOnly).toEqual({ symbol: 'SPY', cents: 59850, asOf: readAt, previousCloseCents: 59850 });
});

test('the last trade’s time when `updated` is missing; no price at all is nothing, never a made-up one', () => {
  expect(
    snapshotPrice({ ticker: 'KO', lastTrade: { p: 62, t: ns('2030-01-07T14:41:00.000Z') } }, readAt),
  ).toMatchObject({ asOf: new Date('2030-01-07T14:41:00.000Z') });
  expect(snapshotPrice({ ticker: 'XYZ', lastTrade: null, min: null, prevDay: null }, readAt)).toBeNull();
  expect(snapshotPrice({ ticker: 'XYZ', lastTrade: { p: -1 }, prevDay: { c: Number.NaN } }, readAt)).toBeNull();
  expect(snapshotPrice({ lastTrade: { p: 10 } }, readAt)).toBeNull();
});
