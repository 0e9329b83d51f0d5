import type { Standing } from '@bullpen/contract';
import { bestAndWorst, benchmarkValues, resultShareText, teamContributions, versusMarket } from './results-math';

const pick = (symbol: string, returnPct: number) => ({
  symbol,
  startPrice: 100,
  endPrice: 100 * (1 + returnPct),
  returnPct,
});
const row = (userId: string, rank: number, returnPct: number, affiliation: string | null): Standing => ({
  rank,
  userId,
  ticker: userId.toUpperCase(),
  affiliation,
  value: 10_000 * (1 + returnPct),
  returnPct,
});

describe('results math', () => {
  test('best and worst pick; a single pick is only the best', () => {
    expect(bestAndWorst([pick('AAPL', 0.02), pick('TSLA', -0.05), pick('NVDA', 0.07)])).toEqual({
      best: pick('NVDA', 0.07),
      worst: pick('TSLA', -0.05),
    });
    expect(bestAndWorst([pick('AAPL', 0.02)])).toEqual({ best: pick('AAPL', 0.02), worst: null });
    expect(bestAndWorst([])).toEqual({ best: null, worst: null });
  });

  test('the benchmark in dollars of starting cash, to the cent', () => {
    expect(
      benchmarkValues(
        [
          { t: 'a', returnPct: 0 },
          { t: 'b', returnPct: 0.012345 },
        ],
        10_000,
      ),
    ).toEqual([
      { t: 'a', value: 10_000 },
      { t: 'b', value: 10_123.45 },
    ]);
  });

  test('the share text of the issue', () => {
    expect(
      resultShareText({ rank: 2, total: 14, name: 'Weekly Tech Sprint', returnPct: 0.0432, marketPct: 0.011 }),
    ).toBe("I finished #2 of 14 in Weekly Tech Sprint, +4.32% vs the market's +1.10%");
    expect(resultShareText({ rank: 1, total: 1, name: 'Solo', returnPct: -0.002, marketPct: null })).toBe(
      'I finished #1 of 1 in Solo, −0.20%',
    );
  });

  test('the share text has the precision of the page: +0.14% and +0.01% are said as such', () => {
    expect(resultShareText({ rank: 3, total: 9, name: 'Dawn', returnPct: 0.0014, marketPct: 0.0001 })).toBe(
      "I finished #3 of 9 in Dawn, +0.14% vs the market's +0.01%",
    );
  });

  test('ahead of, behind or level with the market, on the two decimals the screen shows', () => {
    expect(versusMarket(0.05, 0.01)).toBe('ahead');
    expect(versusMarket(-0.01, 0.01)).toBe('behind');
    expect(versusMarket(0.012341, 0.012344)).toBe('level');
  });

  test('team contributions add up to the team return; members outside the rows are counted', () => {
    const rows = [row('a', 1, 0.06, 'Bulls'), row('b', 2, 0.02, 'Bears'), row('c', 3, -0.01, 'Bulls')];
    const { members, missing } = teamContributions(
      { rank: 1, affiliation: 'Bulls', members: 2, returnPct: 0.025 },
      rows,
    );
    expect(members.map((m) => [m.standing.userId, m.contribution])).toEqual([
      ['a', 0.03],
      ['c', -0.005],
    ]);
    expect(members.reduce((sum, m) => sum + m.contribution, 0)).toBeCloseTo(0.025, 10);
    expect(missing).toBe(0);
    expect(teamContributions({ rank: 2, affiliation: 'Bears', members: 3, returnPct: 0 }, rows).missing).toBe(2);
  });
});
