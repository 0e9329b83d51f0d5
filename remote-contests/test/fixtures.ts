import type { Contest, ContestUser, Equity, Standing, TeamStanding } from '@bullpen/contract';

// Realistic API objects for the component tests; each test overrides what it is about.

export const ME = { id: 'user-me', ticker: 'ACE', role: 'user' as const };
export const OTHER = { id: 'user-other', ticker: 'BOLT' };

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export function makeContest(overrides: Partial<Contest> = {}): Contest {
  return {
    _id: 'c-1',
    name: 'Spring Sprint',
    description: 'Five picks, one week.',
    status: 'upcoming',
    startsAt: inMinutes(90),
    endsAt: inMinutes(90 + 7 * 24 * 60),
    picksCount: 2,
    startingCash: 100_000,
    maxParticipants: 20,
    visibility: 'public',
    affiliations: [],
    isTeamCollaboration: false,
    createdBy: { _id: OTHER.id, ticker: OTHER.ticker },
    participantsCount: 3,
    createdAt: inMinutes(-60),
    updatedAt: inMinutes(-60),
    ...overrides,
  };
}

export function makeContestUser(overrides: Partial<ContestUser> = {}): ContestUser {
  return {
    contestId: 'c-1',
    userId: ME.id,
    joined: false,
    picks: [],
    affiliation: null,
    joinedAt: null,
    portfolio: null,
    rank: null,
    trades: [],
    tradesTotal: 0,
    ...overrides,
  };
}

const equity = (symbol: string, name: string, sector: string, price: number, changePct: number): Equity => ({
  symbol,
  name,
  sector,
  exchange: 'NASDAQ',
  price,
  previousClose: Math.round((price / (1 + changePct)) * 100) / 100,
  change: Math.round((price - price / (1 + changePct)) * 100) / 100,
  changePct, // a fraction, like the API's (0.0125 = +1.25%)
  updatedAt: inMinutes(0),
});

export const EQUITIES: Equity[] = [
  equity('AAPL', 'Apple Inc.', 'Technology', 190.37, 0.0125),
  equity('JPM', 'JPMorgan Chase & Co.', 'Financials', 195.1, -0.021),
  equity('MSFT', 'Microsoft Corporation', 'Technology', 411.22, 0.004),
  equity('XOM', 'Exxon Mobil Corporation', 'Energy', 110.5, -0.0075),
];

export function makeStandings(): Standing[] {
  return [
    { rank: 1, userId: OTHER.id, ticker: OTHER.ticker, affiliation: 'Bulls', value: 112_000, returnPct: 0.12 },
    { rank: 2, userId: ME.id, ticker: ME.ticker, affiliation: 'Bears', value: 104_500, returnPct: 0.045 },
    { rank: 3, userId: 'user-3', ticker: 'CRUX', affiliation: 'Bulls', value: 99_000, returnPct: -0.01 },
    { rank: 4, userId: 'user-4', ticker: 'DUNE', affiliation: 'Bears', value: 91_000, returnPct: -0.09 },
  ];
}

export function makeTeams(): TeamStanding[] {
  return [
    { rank: 1, affiliation: 'Bulls', members: 2, returnPct: 0.055 },
    { rank: 2, affiliation: 'Bears', members: 2, returnPct: -0.0225 },
  ];
}
