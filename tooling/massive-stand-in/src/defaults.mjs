// What `npm run stand-in` serves. The universe: the API's shipped table, as Massive lists it (MIC exchange codes, ETFs
// typed ETF), plus symbols the table lacks and tickers the feed must leave out, so that an offline run shows how the
// API treats a symbol it has no name or sector for, a delisted ticker and a type it does not trade. The upcoming
// closures: the NYSE calendar the API ships, so the provider and the fallback agree unless a run says otherwise.
import { readFileSync } from 'node:fs';

const TABLE = new URL('../../../api/src/market/universe.json', import.meta.url);
const HOLIDAYS = new URL('../../../api/src/market/nyse-holidays.json', import.meta.url);

const MIC = { NYSE: 'XNYS', NASDAQ: 'XNAS', 'NYSE Arca': 'ARCX' };

/** Active common stocks and ETFs the shipped table does not have. */
const EXTRA = [
  { ticker: 'PLTR', name: 'Palantir Technologies Inc. Class A Common Stock', primary_exchange: 'XNAS', price: 171.2 },
  { ticker: 'COIN', name: 'Coinbase Global, Inc. Class A Common Stock', primary_exchange: 'XNAS', price: 262.4 },
  { ticker: 'SNOW', name: 'Snowflake Inc.', primary_exchange: 'XNYS', price: 228.9 },
  { ticker: 'ABNB', name: 'Airbnb, Inc. Class A Common Stock', primary_exchange: 'XNAS', price: 126.3 },
  { ticker: 'SOFI', name: 'SoFi Technologies, Inc. Common Stock', primary_exchange: 'XNAS', price: 27.8 },
  { ticker: 'XLV', name: 'Health Care Select Sector SPDR Fund', type: 'ETF', primary_exchange: 'ARCX', price: 139.5 },
];

/** Tickers a feed that takes "active common stocks and ETFs" must skip. */
const SKIPPED = [
  { ticker: 'TWTR', name: 'Twitter, Inc.', primary_exchange: 'XNYS', active: false, price: 54.2 },
  { ticker: 'BACpB', name: 'Bank of America Corp. Dep Shs Repr 1/1000th Pfd Ser GG', type: 'PFD', price: 24.9 },
  { ticker: 'TSM', name: 'Taiwan Semiconductor Manufacturing Company Ltd.', type: 'ADRC', price: 291.1 },
];

/** @returns {import('./massive-stand-in.d.mts').UniverseEntry[]} */
export function defaultUniverse() {
  /** @type {{ symbol: string, name: string, sector: string, exchange: string, referencePrice: number }[]} */
  const table = JSON.parse(readFileSync(TABLE, 'utf8'));
  const shipped = table.map((row) => ({
    ticker: row.symbol,
    name: row.name,
    type: row.sector === 'ETF' ? 'ETF' : 'CS',
    primary_exchange: MIC[row.exchange] ?? 'XNYS',
    price: row.referencePrice,
  }));
  return [...shipped, ...EXTRA, ...SKIPPED];
}

/**
 * `count` made-up active common stocks (tickers QA…, a price between $5 and $505), so that a run can list a universe as
 * large as the provider's (thousands of symbols) without the names of real companies.
 * @param {number} count
 * @returns {import('./massive-stand-in.d.mts').UniverseEntry[]}
 */
export function syntheticListings(count) {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: count }, (_, index) => {
    let ticker = '';
    for (let rest = index, place = 0; place < 4; place++, rest = Math.floor(rest / 26))
      ticker = letters[rest % 26] + ticker;
    return {
      ticker: `Q${ticker}`,
      name: `Synthetic Listing ${index + 1}`,
      primary_exchange: index % 2 === 0 ? 'XNYS' : 'XNAS',
      price: 5 + ((index * 7919) % 50_000) / 100,
    };
  });
}

/** @returns {import('./massive-stand-in.d.mts').UpcomingInput[]} */
export function defaultUpcoming() {
  /** @type {{ holidays: Record<string, string>, earlyCloses: Record<string, string> }} */
  const calendar = JSON.parse(readFileSync(HOLIDAYS, 'utf8'));
  return [
    ...Object.entries(calendar.holidays).map(([date, name]) => ({
      date,
      name,
      status: /** @type {const} */ ('closed'),
    })),
    ...Object.entries(calendar.earlyCloses).map(([date, name]) => ({
      date,
      name,
      status: /** @type {const} */ ('early-close'),
    })),
  ];
}
