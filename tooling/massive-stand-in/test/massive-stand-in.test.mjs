// The stand-in (src/massive-stand-in.mjs) as Massive's own SDK sees it: every call the API's feed makes answered in a
// shape the SDK accepts, paging through next_url, a refused key and a 429 as the SDK reports them, and the stocks
// socket's auth, subscriptions, minute bars and drops.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { restClient, websocketClient } from '@massive.com/client-js';
import { startStandIn } from '../src/massive-stand-in.mjs';

const KEY = 'test-key-123';
const UNIVERSE = [
  { ticker: 'AAPL', name: 'Apple Inc.', primary_exchange: 'XNAS', price: 228.5 },
  { ticker: 'MSFT', name: 'Microsoft Corp', primary_exchange: 'XNAS', price: 410 },
  { ticker: 'SPY', name: 'SPDR S&P 500 ETF Trust', type: 'ETF', primary_exchange: 'ARCX', price: 590 },
  { ticker: 'KO', name: 'Coca-Cola Co', price: 62 },
  { ticker: 'TWTR', name: 'Twitter, Inc.', active: false, price: 54 },
];
const NOW = new Date('2026-11-27T15:00:00Z');

let standIn;
let sockets;
beforeEach(async () => {
  standIn = await startStandIn({ apiKey: KEY, universe: UNIVERSE, now: () => NOW });
  sockets = [];
});
afterEach(async () => {
  for (const ws of sockets) ws.close();
  await standIn.close();
});

/** The SDK's stocks socket, with every message it receives collected and a way to wait for one. */
function openSocket(key = KEY) {
  const ws = websocketClient(key, standIn.wsUrl).stocks();
  sockets.push(ws);
  const messages = [];
  const waiters = [];
  let closed = null;
  ws.onmessage = ({ data }) => {
    messages.push(...JSON.parse(String(data)));
    for (const waiter of [...waiters]) waiter();
  };
  ws.onclose = (event) => {
    closed = event;
    for (const waiter of [...waiters]) waiter();
  };
  /** Resolves with the first message `test` accepts (or the close event for 'close'). */
  const waitFor = (test) =>
    new Promise((resolve) => {
      const check = () => {
        const found = test === 'close' ? closed : messages.find(test);
        if (!found) return;
        waiters.splice(waiters.indexOf(check), 1);
        resolve(found);
      };
      waiters.push(check);
      check();
    });
  return { ws, messages, waitFor };
}
const statusIs = (status) => (m) => m.ev === 'status' && m.status === status;

describe('REST, through the SDK', () => {
  it('lists active stocks 1,000 to a page, and the SDK follows next_url with its key to the last page', async () => {
    const rest = restClient(KEY, standIn.restUrl);
    const first = await rest.listTickers({ market: 'stocks', active: true, limit: 1000 });
    expect(first.status).toBe('OK');
    expect(first.results.map((t) => t.ticker)).toEqual(['AAPL', 'KO', 'MSFT', 'SPY']);
    expect(first.results[3]).toMatchObject({
      ticker: 'SPY',
      name: 'SPDR S&P 500 ETF Trust',
      market: 'stocks',
      locale: 'us',
      type: 'ETF',
      primary_exchange: 'ARCX',
      active: true,
    });
    expect(first.next_url).toBeUndefined();
    expect(standIn.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v3/reference/tickers',
      query: { market: 'stocks', active: 'true', limit: '1000' },
      keyVia: 'query',
      status: 200,
    });

    standIn.setPageSize(2);
    const paging = restClient(KEY, standIn.restUrl, { pagination: true });
    const all = await paging.listTickers({ market: 'stocks', active: true, limit: 1000 });
    expect(all.results.map((t) => t.ticker).sort()).toEqual(['AAPL', 'KO', 'MSFT', 'SPY']);
    const pages = standIn.requestsTo('/v3/reference/tickers').slice(1);
    expect(pages).toHaveLength(2);
    expect(pages[1].query.cursor).toBeTruthy();
    expect(pages[1].keyVia).toBe('query');
  });

  it('pages by hand: next_url is absolute and carries the first query; inactive tickers only when asked', async () => {
    standIn.setPageSize(3);
    const rest = restClient(KEY, standIn.restUrl);
    const first = await rest.listTickers({ market: 'stocks', active: true, limit: 1000 });
    expect(first.results).toHaveLength(3);
    expect(first.next_url).toMatch(new RegExp(`^${standIn.restUrl}/v3/reference/tickers\\?cursor=`));
    const second = await (await fetch(`${first.next_url}&apiKey=${KEY}`)).json();
    expect(second.results.map((t) => t.ticker)).toEqual(['SPY']);
    expect(second.next_url).toBeUndefined();

    const inactive = await rest.listTickers({ market: 'stocks', active: false });
    expect(inactive.results.map((t) => t.ticker)).toEqual(['TWTR']);
  });

  it('snapshots the tickers asked for, whether the SDK repeats the parameter or a caller joins it with commas', async () => {
    const at = new Date('2026-11-27T14:59:00Z');
    standIn.setPrice('AAPL', 230.25, at);
    const rest = restClient(KEY, standIn.restUrl);
    const answer = await rest.getStocksSnapshotTickers({ tickers: ['AAPL', 'SPY', 'NOPE'] });
    expect(answer.status).toBe('OK');
    expect(answer.tickers.map((t) => t.ticker)).toEqual(['AAPL', 'SPY']);
    const aapl = answer.tickers[0];
    expect(aapl.lastTrade).toMatchObject({ p: 230.25, t: at.getTime() * 1e6 });
    expect(aapl.updated).toBe(at.getTime() * 1e6);
    expect(aapl.prevDay.c).toBe(228.5);
    expect(aapl.todaysChange).toBeCloseTo(1.75);
    expect(aapl.day).toEqual(expect.objectContaining({ c: 230.25 }));
    expect(standIn.requests[0].params).toEqual([
      ['tickers', 'AAPL'],
      ['tickers', 'SPY'],
      ['tickers', 'NOPE'],
    ]);

    const joined = await (
      await fetch(`${standIn.restUrl}/v2/snapshot/locale/us/markets/stocks/tickers?tickers=KO,MSFT&apiKey=${KEY}`)
    ).json();
    expect(joined.tickers.map((t) => t.ticker)).toEqual(['KO', 'MSFT']);
  });

  it('snapshots a ticker with no trade from its minute bar, and one with neither from the previous close', async () => {
    standIn.setSnapshot('KO', { lastTrade: null, min: { c: 63.1, e: new Date('2026-11-27T14:58:00Z') } });
    standIn.setSnapshot('MSFT', { lastTrade: null, prevClose: 405 });
    const rest = restClient(KEY, standIn.restUrl);
    const { tickers } = await rest.getStocksSnapshotTickers({ tickers: ['KO', 'MSFT'] });
    expect(tickers[0].lastTrade).toBeUndefined();
    expect(tickers[0].min).toMatchObject({ c: 63.1, t: Date.parse('2026-11-27T14:57:00Z') });
    expect(tickers[0].updated).toBe(Date.parse('2026-11-27T14:58:00Z') * 1e6);
    expect(tickers[1].lastTrade).toBeUndefined();
    expect(tickers[1].min.c).toBe(0);
    expect(tickers[1].prevDay.c).toBe(405);
  });

  it('answers the market status as set, with New York serverTime', async () => {
    const rest = restClient(KEY, standIn.restUrl);
    expect(await rest.getMarketStatus()).toMatchObject({
      market: 'open',
      serverTime: '2026-11-27T10:00:00-05:00',
      exchanges: { nyse: 'open', nasdaq: 'open' },
      earlyHours: false,
      afterHours: false,
    });
    standIn.setMarket('extended-hours');
    expect(await rest.getMarketStatus()).toMatchObject({ market: 'extended-hours', earlyHours: true });
    standIn.setMarket('closed');
    expect((await rest.getMarketStatus()).exchanges.nyse).toBe('closed');
    expect(() => standIn.setMarket('halted')).toThrow();
  });

  it('lists upcoming holidays and early closes per exchange, soonest first, leaving out past dates', async () => {
    standIn.setUpcoming([{ date: '2026-11-26', name: 'Thanksgiving' }]);
    standIn.addHoliday('2026-12-25', 'Christmas');
    standIn.addEarlyClose('2026-12-24', 'Christmas');
    const rest = restClient(KEY, standIn.restUrl);
    const upcoming = await rest.getMarketHolidays();
    expect(upcoming).toEqual([
      {
        exchange: 'NYSE',
        name: 'Christmas',
        date: '2026-12-24',
        status: 'early-close',
        open: '2026-12-24T14:30:00.000Z',
        close: '2026-12-24T18:00:00.000Z',
      },
      {
        exchange: 'NASDAQ',
        name: 'Christmas',
        date: '2026-12-24',
        status: 'early-close',
        open: '2026-12-24T14:30:00.000Z',
        close: '2026-12-24T18:00:00.000Z',
      },
      { exchange: 'NYSE', name: 'Christmas', date: '2026-12-25', status: 'closed' },
      { exchange: 'NASDAQ', name: 'Christmas', date: '2026-12-25', status: 'closed' },
    ]);
  });

  it('lists splits and dividends by ticker and date, with their ids', async () => {
    const split = standIn.addSplit({ ticker: 'AAPL', execution_date: '2026-12-01', split_from: 1, split_to: 4 });
    standIn.addSplit({ id: 'S-KO', ticker: 'KO', execution_date: '2026-10-01', split_from: 10, split_to: 1 });
    standIn.addDividend({ id: 'D-MSFT', ticker: 'MSFT', ex_dividend_date: '2026-12-10', cash_amount: 0.91 });
    standIn.addDividend({ ticker: 'KO', ex_dividend_date: '2026-11-30', cash_amount: 0.51 });
    const rest = restClient(KEY, standIn.restUrl);

    const splits = await rest.getStocksV1Splits({ tickerAnyOf: 'AAPL,MSFT', executionDateGte: '2026-11-01' });
    expect(splits.status).toBe('OK');
    expect(splits.results).toEqual([
      {
        id: split.id,
        ticker: 'AAPL',
        execution_date: '2026-12-01',
        split_from: 1,
        split_to: 4,
        adjustment_type: 'forward_split',
        historical_adjustment_factor: 0.25,
      },
    ]);
    const reverse = await rest.getStocksV1Splits({ ticker: 'KO' });
    expect(reverse.results[0]).toMatchObject({ id: 'S-KO', adjustment_type: 'reverse_split' });

    const dividends = await rest.getStocksV1Dividends({ tickerAnyOf: 'MSFT,KO', sort: 'ex_dividend_date.asc' });
    expect(dividends.results.map((d) => [d.ticker, d.ex_dividend_date, d.cash_amount])).toEqual([
      ['KO', '2026-11-30', 0.51],
      ['MSFT', '2026-12-10', 0.91],
    ]);
    expect(dividends.results[1]).toMatchObject({ id: 'D-MSFT', currency: 'USD', distribution_type: 'recurring' });
    const fromDate = await rest.getStocksV1Dividends({ exDividendDateGt: '2026-12-01' });
    expect(fromDate.results.map((d) => d.id)).toEqual(['D-MSFT']);
    expect(standIn.requestsTo('/stocks/v1/splits')[0].query).toEqual({
      'ticker.any_of': 'AAPL,MSFT',
      'execution_date.gte': '2026-11-01',
    });
  });

  it("refuses a wrong, a missing or a refused key with 401 and Massive's error body, recording no key", async () => {
    const wrong = restClient('not-the-key', standIn.restUrl);
    const error = await wrong.getMarketStatus().catch((e) => e);
    expect(error.response.status).toBe(401);
    expect(error.response.data).toMatchObject({ status: 'ERROR', error: 'Unknown API Key' });
    expect(error.response.data.request_id).toEqual(expect.any(String));

    const missing = await fetch(`${standIn.restUrl}/v1/marketstatus/now`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: 'API Key was not provided' });

    const header = await fetch(`${standIn.restUrl}/v1/marketstatus/now`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(header.status).toBe(200);

    standIn.refuseKey();
    const refused = await restClient(KEY, standIn.restUrl)
      .listTickers({ market: 'stocks' })
      .catch((e) => e);
    expect(refused.response.status).toBe(401);
    standIn.refuseKey(false);
    expect((await restClient(KEY, standIn.restUrl).getMarketStatus()).market).toBe('open');

    expect(standIn.requests.map((r) => [r.status, r.keyVia])).toEqual([
      [401, 'query'],
      [401, null],
      [200, 'header'],
      [401, 'query'],
      [200, 'query'],
    ]);
    expect(JSON.stringify(standIn.requests)).not.toContain(KEY);
    expect(JSON.stringify(standIn.requests)).not.toContain('not-the-key');
  });

  it('answers 429 the number of times asked, then normally; other statuses too', async () => {
    standIn.fail('/v2/snapshot/locale/us/markets/stocks/tickers', { times: 2 });
    const rest = restClient(KEY, standIn.restUrl);
    for (let i = 0; i < 2; i += 1) {
      const error = await rest.getStocksSnapshotTickers({ tickers: ['AAPL'] }).catch((e) => e);
      expect(error.response.status).toBe(429);
      expect(error.response.data.error).toMatch(/exceeded the maximum requests per minute/);
    }
    expect((await rest.getStocksSnapshotTickers({ tickers: ['AAPL'] })).count).toBe(1);
    expect((await rest.getMarketStatus()).market).toBe('open');

    standIn.fail('*', { status: 503 });
    expect((await rest.getMarketHolidays().catch((e) => e)).response.status).toBe(503);
  });

  it('answers a slow call late, holding no other call back', async () => {
    standIn.slow('/v1/marketstatus/upcoming', 60_000);
    const rest = restClient(KEY, standIn.restUrl);
    const slow = rest.getMarketHolidays({ timeout: 200 }).catch((e) => e);
    expect((await rest.getMarketStatus()).market).toBe('open');
    const error = await slow;
    expect(error.code).toBe('ECONNABORTED');
    expect(standIn.requestsTo('/v1/marketstatus/upcoming')[0].status).toBe(0);
  });

  it('answers 404 for a path outside the subset', async () => {
    const answer = await fetch(
      `${standIn.restUrl}/v2/aggs/ticker/AAPL/range/1/day/2026-01-01/2026-01-31?apiKey=${KEY}`,
    );
    expect(answer.status).toBe(404);
  });
});

describe('the stocks socket, through the SDK', () => {
  it('says connected, authenticates the key the SDK sends on open, and streams subscribed minute bars', async () => {
    const { ws, messages, waitFor } = openSocket();
    await waitFor(statusIs('auth_success'));
    expect(messages.slice(0, 2)).toEqual([
      { ev: 'status', status: 'connected', message: 'Connected Successfully' },
      { ev: 'status', status: 'auth_success', message: 'authenticated' },
    ]);

    ws.send(JSON.stringify({ action: 'subscribe', params: 'AM.AAPL,AM.MSFT' }));
    await waitFor((m) => m.message === 'subscribed to: AM.MSFT');
    expect(standIn.sockets()).toEqual([{ authenticated: true, subscriptions: ['AM.AAPL', 'AM.MSFT'] }]);

    const e = Date.parse('2026-11-27T14:46:00Z');
    expect(
      standIn.pushBars([
        { sym: 'AAPL', c: 229.1, o: 228.9, h: 229.3, l: 228.8, v: 5200, e },
        { sym: 'KO', c: 62.2, e },
      ]),
    ).toBe(1);
    const bar = await waitFor((m) => m.ev === 'AM');
    expect(bar).toEqual({
      ev: 'AM',
      sym: 'AAPL',
      v: 5200,
      av: 5200,
      op: 228.9,
      vw: 229.1,
      o: 228.9,
      c: 229.1,
      h: 229.3,
      l: 228.8,
      a: 229.1,
      z: 100,
      s: e - 60_000,
      e,
    });
    expect(messages.filter((m) => m.ev === 'AM').map((m) => m.sym)).toEqual(['AAPL']);

    // The bar is also what the next snapshot says.
    const { tickers } = await restClient(KEY, standIn.restUrl).getStocksSnapshotTickers({ tickers: ['AAPL'] });
    expect(tickers[0]).toMatchObject({ lastTrade: { p: 229.1, t: e * 1e6 }, min: { c: 229.1 }, updated: e * 1e6 });
  });

  it('sends every symbol to AM.*, and nothing to a socket that has not authenticated or subscribed', async () => {
    const all = openSocket();
    const quiet = openSocket();
    await all.waitFor(statusIs('auth_success'));
    await quiet.waitFor(statusIs('auth_success'));
    all.ws.send(JSON.stringify({ action: 'subscribe', params: 'AM.*' }));
    await standIn.waitForSubscription('AM.*');
    expect(
      standIn.pushBars([
        { sym: 'KO', c: 61 },
        { sym: 'SPY', c: 591 },
      ]),
    ).toBe(1);
    await all.waitFor((m) => m.sym === 'SPY');
    expect(all.messages.filter((m) => m.ev === 'AM').map((m) => m.sym)).toEqual(['KO', 'SPY']);

    all.ws.send(JSON.stringify({ action: 'unsubscribe', params: 'AM.*' }));
    await all.waitFor((m) => m.message === 'unsubscribed to: AM.*');
    expect(standIn.pushBar({ sym: 'KO', c: 60 })).toBe(0);
    expect(quiet.messages.some((m) => m.ev === 'AM')).toBe(false);
  });

  it('refuses to subscribe before auth', async () => {
    const raw = new (await import('ws')).WebSocket(`${standIn.wsUrl}/stocks`);
    const messages = [];
    raw.on('message', (data) => messages.push(...JSON.parse(String(data))));
    await once(raw, 'open');
    raw.send(JSON.stringify({ action: 'subscribe', params: 'AM.AAPL' }));
    await new Promise((resolve) => {
      const check = () => (messages.some(statusIs('error')) ? resolve() : raw.once('message', check));
      check();
    });
    expect(messages.find(statusIs('error')).message).toBe('not authorized');
    expect(standIn.sockets()).toEqual([{ authenticated: false, subscriptions: [] }]);
    raw.close();
  });

  it('answers a wrong or refused key with auth_failed and closes the socket', async () => {
    const wrong = openSocket('not-the-key');
    expect((await wrong.waitFor('close')).code).toBe(1008);
    expect(wrong.messages.map((m) => m.status)).toEqual(['connected', 'auth_failed']);

    standIn.refuseKey();
    const refused = openSocket();
    await refused.waitFor(statusIs('auth_failed'));
    await refused.waitFor('close');
    await standIn.waitForSockets(0);
  });

  it('drops every socket; a socket opened again authenticates and subscribes afresh', async () => {
    const first = openSocket();
    const second = openSocket();
    await standIn.waitForSockets(2, { authenticated: true });
    await standIn.dropSockets();
    expect((await first.waitFor('close')).code).toBe(1006);
    await second.waitFor('close');
    expect(standIn.sockets()).toEqual([]);

    const again = openSocket();
    await again.waitFor(statusIs('auth_success'));
    again.ws.send(JSON.stringify({ action: 'subscribe', params: 'AM.AAPL' }));
    await standIn.waitForSubscription('AM.AAPL');
    expect(standIn.pushBar({ sym: 'AAPL', c: 230 })).toBe(1);
    await again.waitFor((m) => m.ev === 'AM');

    await standIn.dropSockets({ code: 1001, reason: 'going away' });
    expect((await again.waitFor('close')).code).toBe(1001);
  });

  it('accepts the socket at /stocks only', async () => {
    const { WebSocket } = await import('ws');
    const other = new WebSocket(`${standIn.wsUrl}/options`);
    const [error] = await once(other, 'error');
    expect(String(error.message)).toMatch(/404/);
  });
});

describe('the command line', () => {
  it('serves the shipped universe and more on the port it prints, never printing the key', async () => {
    const cli = spawn(
      process.execPath,
      [path.join(__dirname, '../src/cli.mjs'), '--port', '0', '--bar-ms', '0', '--market', 'closed'],
      { env: { ...process.env, MASSIVE_API_KEY: 'cli-secret' }, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      let output = '';
      const listeners = new Set();
      cli.stdout.on('data', (chunk) => {
        output += chunk;
        for (const listener of [...listeners]) listener();
      });
      /** Resolves with the first match of `pattern` in what the CLI has printed. */
      const printed = (pattern) =>
        new Promise((resolve) => {
          const check = () => {
            const found = pattern.exec(output);
            if (!found) return;
            listeners.delete(check);
            resolve(found);
          };
          listeners.add(check);
          check();
        });
      const [, restUrl] = await printed(/MASSIVE_REST_URL=(\S+)[\s\S]*help/);
      expect(output).not.toContain('cli-secret');
      const rest = restClient('cli-secret', restUrl);
      const { results } = await rest.listTickers({ market: 'stocks', active: true, limit: 1000 });
      const symbols = results.map((t) => t.ticker);
      expect(symbols).toEqual(expect.arrayContaining(['AAPL', 'BRK.B', 'SPY', 'PLTR', 'BACpB']));
      expect(symbols).not.toContain('TWTR');
      expect(results.find((t) => t.ticker === 'SPY')).toMatchObject({ type: 'ETF', primary_exchange: 'ARCX' });
      expect((await rest.getMarketStatus()).market).toBe('closed');
      // The API's shipped NYSE calendar, from New York's today on (a day of slack for the time zone).
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const upcoming = await rest.getMarketHolidays();
      for (const entry of upcoming) expect(entry.date >= yesterday).toBe(true);
      if (yesterday < '2027-11-25') {
        expect(upcoming).toContainEqual({
          exchange: 'NYSE',
          date: '2027-11-25',
          name: 'Thanksgiving Day',
          status: 'closed',
        });
      }

      cli.stdin.write('market open\n');
      await printed(/ok: market open/);
      expect((await rest.getMarketStatus()).market).toBe('open');
    } finally {
      cli.kill('SIGTERM');
      await once(cli, 'exit');
    }
  });

  it('lists a universe as large as --symbols asks, and bursts a bar for every ticker at once', async () => {
    const cli = spawn(
      process.execPath,
      [path.join(__dirname, '../src/cli.mjs'), '--port', '0', '--bar-ms', '0', '--symbols', '2500'],
      { env: { ...process.env, MASSIVE_API_KEY: KEY }, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      let output = '';
      cli.stdout.on('data', (chunk) => {
        output += chunk;
      });
      /** The first match of `pattern` in what the CLI printed after `from` characters, once it has printed it. */
      const printed = async (pattern, from = 0) => {
        for (;;) {
          const found = pattern.exec(output.slice(from));
          if (found) return found;
          await once(cli.stdout, 'data');
        }
      };
      const [, count, wsUrl] = await printed(/(\d+) tickers[\s\S]*MASSIVE_WS_URL=(\S+)/);
      expect(Number(count)).toBe(2500);
      // The SDK follows next_url page by page, as the feed reads the universe.
      const rest = restClient(KEY, wsUrl.replace(/^ws/, 'http'));
      let page = await rest.listTickers({ market: 'stocks', limit: 1000 });
      const tickers = [...page.results];
      while (page.next_url) {
        const params = Object.fromEntries(new URL(page.next_url).searchParams);
        page = await rest.listTickers({}, { params });
        tickers.push(...page.results);
      }
      expect(tickers).toHaveLength(2500);
      // The default universe first, then made-up active common stocks up to the count.
      const madeUp = tickers.filter((t) => t.name.startsWith('Synthetic Listing'));
      expect(madeUp.length).toBeGreaterThan(2000);
      expect(madeUp.every((t) => t.type === 'CS' && t.active && /^Q[A-Z]{4}$/.test(t.ticker))).toBe(true);
      expect(new Set(tickers.map((t) => t.ticker)).size).toBe(2500);

      const ws = websocketClient(KEY, wsUrl).stocks();
      const bars = [];
      ws.onmessage = ({ data }) => {
        for (const message of JSON.parse(String(data))) {
          if (message.ev === 'AM') bars.push(message);
          if (message.status === 'auth_success') ws.send(JSON.stringify({ action: 'subscribe', params: 'AM.*' }));
        }
      };
      try {
        // The socket authenticates and subscribes in the background: ask the stand-in until it says so.
        for (;;) {
          const from = output.length;
          cli.stdin.write('status\n');
          await printed(/ok: status/, from);
          if (output.slice(from).includes("'AM.*'")) break;
        }
        cli.stdin.write('burst\n');
        await printed(/2500 bars pushed to 1 socket/);
        while (bars.length < 2500)
          await new Promise((resolve) => ws.addEventListener('message', resolve, { once: true }));
        expect(new Set(bars.map((bar) => bar.sym)).size).toBe(2500);
      } finally {
        ws.close();
      }
    } finally {
      cli.kill('SIGTERM');
      await once(cli, 'exit');
    }
  }, 30_000);
});
