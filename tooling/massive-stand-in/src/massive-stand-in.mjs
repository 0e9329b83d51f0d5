// A local stand-in for Massive (formerly Polygon.io): one HTTP server that answers the REST calls the API's price feed
// makes and accepts the stocks socket on the same port, speaking exactly the subset of the protocol that
// @massive.com/client-js sends and reads. Tests drive it through the object startStandIn returns; `npm run stand-in`
// serves a default universe for offline runs. It is not a market: prices and bars are whatever its driver sets.
//
// What the SDK does, and so what this answers:
// - REST: the key travels as the `apiKey` query parameter (the SDK adds it to every call and appends `&apiKey=` to a
//   `next_url` when it pages); an `Authorization: Bearer` header is accepted as the real service accepts it. Array
//   parameters arrive repeated (`tickers=A&tickers=B`), hand-written calls send them comma-separated: both are read.
// - The socket: the SDK opens `${base}/stocks` and sends `{"action":"auth","params":KEY}` as soon as it opens; every
//   server message is a JSON array of events, status events first (`connected`, then `auth_success` or `auth_failed`).
import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import { WebSocketServer } from 'ws';
import { newYorkDate, newYorkInstant, newYorkIso } from './new-york-time.mjs';

const TICKERS_PATH = '/v3/reference/tickers';
const SNAPSHOT_PATH = '/v2/snapshot/locale/us/markets/stocks/tickers';
const STATUS_PATH = '/v1/marketstatus/now';
const UPCOMING_PATH = '/v1/marketstatus/upcoming';
const SPLITS_PATH = '/stocks/v1/splits';
const DIVIDENDS_PATH = '/stocks/v1/dividends';
const SOCKET_PATH = '/stocks';

const ERRORS = {
  missingKey: 'API Key was not provided',
  unknownKey: 'Unknown API Key',
  tooMany:
    "You've exceeded the maximum requests per minute, please wait or upgrade your subscription to continue. https://massive.com/pricing",
};

const MARKET_STATES = ['open', 'closed', 'extended-hours'];
const EXCHANGES = ['NYSE', 'NASDAQ'];

/** Bars and trades carry nanoseconds in snapshots, milliseconds on the socket. */
const NS_PER_MS = 1_000_000;

/** Derived snapshot figures (change, percent, factors) to a few places, as the provider sends them. */
const round = (n, places = 4) => Math.round(n * 10 ** places) / 10 ** places;

function tickerOf(entry) {
  const ticker = entry.ticker ?? entry.symbol;
  if (!ticker) throw new Error('a universe entry needs a ticker');
  return {
    ticker,
    name: entry.name ?? ticker,
    market: entry.market ?? 'stocks',
    locale: 'us',
    type: entry.type ?? 'CS',
    primary_exchange: entry.primary_exchange ?? 'XNYS',
    active: entry.active ?? true,
    currency_name: 'usd',
    last_updated_utc: '2026-01-02T00:00:00Z',
  };
}

/** The stand-in's own record of a ticker's prices, from which snapshots are written. */
function quoteOf(entry, at) {
  const price = entry.price ?? entry.referencePrice ?? null;
  const prevClose = entry.prevClose ?? price;
  return {
    prevClose,
    lastTrade: price == null ? null : { p: price, t: at },
    min: null,
    day: null,
  };
}

function snapshotOf(ticker, quote) {
  const last = quote.lastTrade?.p ?? quote.min?.c ?? quote.prevClose ?? 0;
  const updatedMs = Math.max(quote.lastTrade?.t ?? 0, quote.min?.e ?? 0);
  const prev = quote.prevClose ?? last;
  const day = quote.day ?? { o: prev, h: Math.max(prev, last), l: Math.min(prev, last), c: last, v: 0, vw: last };
  const out = {
    ticker,
    todaysChange: round(last - prev),
    todaysChangePerc: prev ? round(((last - prev) / prev) * 100) : 0,
    updated: updatedMs * NS_PER_MS,
    day,
    prevDay: { o: prev, h: prev, l: prev, c: prev, v: 0, vw: prev },
    min: quote.min
      ? {
          av: quote.min.av ?? quote.min.v ?? 0,
          t: quote.min.s ?? quote.min.e - 60_000,
          n: 1,
          o: quote.min.o,
          h: quote.min.h,
          l: quote.min.l,
          c: quote.min.c,
          v: quote.min.v,
          vw: quote.min.vw ?? quote.min.c,
        }
      : { av: 0, t: 0, n: 0, o: 0, h: 0, l: 0, c: 0, v: 0, vw: 0 },
  };
  if (quote.lastTrade) {
    out.lastTrade = { c: [], i: '1', p: quote.lastTrade.p, s: 100, t: quote.lastTrade.t * NS_PER_MS, x: 4 };
    out.lastQuote = { P: quote.lastTrade.p, S: 1, p: quote.lastTrade.p, s: 1, t: quote.lastTrade.t * NS_PER_MS };
  }
  if (!quote.prevClose) delete out.prevDay;
  return out;
}

/** A query parameter that may arrive repeated or comma-separated, as a list. */
function listParam(query, name) {
  return query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/** `field`, `field.gt`, `field.gte`, `field.lt`, `field.lte` filters on a string or number field. */
function rangeFilter(query, field, value) {
  const checks = [
    ['', (a, b) => a === b],
    ['.gt', (a, b) => a > b],
    ['.gte', (a, b) => a >= b],
    ['.lt', (a, b) => a < b],
    ['.lte', (a, b) => a <= b],
  ];
  for (const [suffix, test] of checks) {
    const wanted = query.get(`${field}${suffix}`);
    if (wanted == null) continue;
    const left = typeof value === 'number' ? value : String(value ?? '');
    const right = typeof value === 'number' ? Number(wanted) : wanted;
    if (!test(left, right)) return false;
  }
  return true;
}

function sortBy(rows, sort, fallback) {
  const [field, direction] = (sort || fallback).split('.');
  const sign = direction === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => (a[field] < b[field] ? -sign : a[field] > b[field] ? sign : 0));
}

const encodeCursor = (state) => Buffer.from(JSON.stringify(state)).toString('base64url');
function decodeCursor(cursor) {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * Starts the stand-in. See massive-stand-in.d.mts for the options and what the returned object does.
 * @param {import('./massive-stand-in.d.mts').StandInOptions} [options]
 */
export async function startStandIn(options = {}) {
  const {
    port = 0,
    host = '127.0.0.1',
    apiKey = 'stand-in-key',
    universe = [],
    market = 'open',
    upcoming = [],
    splits = [],
    dividends = [],
    pageSize,
    now = () => new Date(),
  } = options;

  const events = new EventEmitter();
  /** @type {Map<string, ReturnType<typeof tickerOf>>} */
  const tickers = new Map();
  const quotes = new Map();
  const state = {
    apiKey,
    refused: false,
    market,
    upcoming: [],
    splits: [],
    dividends: [],
    pageSize,
  };
  /** Per path: answers the stand-in gives before its normal one (429s, other statuses) and delays. */
  const faults = [];
  const requests = [];
  const clients = new Set();

  function addTicker(entry) {
    const ticker = tickerOf(entry);
    tickers.set(ticker.ticker, ticker);
    quotes.set(ticker.ticker, quoteOf(entry, now().getTime()));
    return ticker;
  }
  for (const entry of universe) addTicker(entry);
  const quoteFor = (symbol) => {
    if (!quotes.has(symbol)) throw new Error(`${symbol} is not in the stand-in's universe; addTicker it first`);
    return quotes.get(symbol);
  };

  function upcomingEntry({ date, name = 'Holiday', status = 'closed', open, close }) {
    if (status === 'early-close') {
      return {
        date,
        name,
        status,
        open: open ?? newYorkInstant(date, '09:30').toISOString(),
        close: close ?? newYorkInstant(date, '13:00').toISOString(),
      };
    }
    return { date, name, status: 'closed' };
  }
  const setUpcoming = (entries) => {
    state.upcoming = entries.map(upcomingEntry);
  };
  setUpcoming(upcoming);

  let nextActionId = 1;
  function splitOf(split) {
    const ratio = split.split_to / split.split_from;
    return {
      id: split.id ?? `E${String(nextActionId++).padStart(8, '0')}`,
      ticker: split.ticker,
      execution_date: split.execution_date,
      split_from: split.split_from,
      split_to: split.split_to,
      adjustment_type: split.adjustment_type ?? (ratio >= 1 ? 'forward_split' : 'reverse_split'),
      historical_adjustment_factor: split.historical_adjustment_factor ?? round(1 / ratio, 8),
    };
  }
  function dividendOf(dividend) {
    return {
      id: dividend.id ?? `E${String(nextActionId++).padStart(8, '0')}`,
      ticker: dividend.ticker,
      ex_dividend_date: dividend.ex_dividend_date,
      cash_amount: dividend.cash_amount,
      split_adjusted_cash_amount: dividend.split_adjusted_cash_amount ?? dividend.cash_amount,
      currency: dividend.currency ?? 'USD',
      declaration_date: dividend.declaration_date ?? dividend.ex_dividend_date,
      record_date: dividend.record_date ?? dividend.ex_dividend_date,
      pay_date: dividend.pay_date ?? dividend.ex_dividend_date,
      frequency: dividend.frequency ?? 4,
      distribution_type: dividend.distribution_type ?? 'recurring',
      historical_adjustment_factor: dividend.historical_adjustment_factor ?? 1,
    };
  }
  for (const split of splits) state.splits.push(splitOf(split));
  for (const dividend of dividends) state.dividends.push(dividendOf(dividend));

  // ---- REST ----

  function send(res, status, body) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  const errorBody = (error) => ({ status: 'ERROR', request_id: randomUUID(), error });

  function page(url, query, rows, { defaultLimit, maxLimit }) {
    const cursor = query.get('cursor') ? decodeCursor(query.get('cursor')) : null;
    const offset = cursor?.offset ?? 0;
    const asked = Number(cursor?.limit ?? query.get('limit') ?? defaultLimit);
    const limit = Math.min(
      Number.isFinite(asked) && asked > 0 ? asked : defaultLimit,
      maxLimit,
      state.pageSize ?? maxLimit,
    );
    const results = rows.slice(offset, offset + limit);
    const body = { status: 'OK', request_id: randomUUID(), count: results.length, results };
    if (offset + limit < rows.length) {
      // Like Massive's, the cursor carries the query: the next page needs nothing but it (and the key).
      const filters = cursor?.filters ?? Object.fromEntries([...query].filter(([name]) => name !== 'apiKey'));
      const next = encodeCursor({ offset: offset + limit, limit, filters });
      body.next_url = `${baseUrl()}${url.pathname}?cursor=${next}`;
    }
    return body;
  }
  /** A paged call's query: the first page's own, or the one its cursor carries. */
  function effectiveQuery(query) {
    const cursor = query.get('cursor') ? decodeCursor(query.get('cursor')) : null;
    return cursor?.filters ? new URLSearchParams(cursor.filters) : query;
  }

  const routes = {
    [TICKERS_PATH](query, url) {
      const q = effectiveQuery(query);
      const active = q.get('active');
      const wanted = listParam(q, 'ticker');
      const rows = sortBy(
        [...tickers.values()].filter(
          (t) =>
            (!q.get('market') || t.market === q.get('market')) &&
            (!q.get('type') || t.type === q.get('type')) &&
            (!q.get('exchange') || t.primary_exchange === q.get('exchange')) &&
            (active == null || String(t.active) === active) &&
            (wanted.length === 0 || wanted.includes(t.ticker)) &&
            rangeFilter(
              new URLSearchParams([...q].filter(([name]) => name.startsWith('ticker.'))),
              'ticker',
              t.ticker,
            ) &&
            (!q.get('search') || `${t.ticker} ${t.name}`.toLowerCase().includes(String(q.get('search')).toLowerCase())),
        ),
        q.get('sort') ? `${q.get('sort')}.${q.get('order') ?? 'asc'}` : 'ticker.asc',
        'ticker.asc',
      );
      return [200, page(url, query, rows, { defaultLimit: 100, maxLimit: 1000 })];
    },
    [SNAPSHOT_PATH](query) {
      const wanted = listParam(query, 'tickers');
      const symbols = wanted.length ? wanted.filter((s) => tickers.has(s)) : [...tickers.keys()];
      const list = symbols.map((symbol) => snapshotOf(symbol, quotes.get(symbol)));
      return [200, { status: 'OK', request_id: randomUUID(), count: list.length, tickers: list }];
    },
    [STATUS_PATH]() {
      const at = now();
      const open = state.market === 'open';
      const extended = state.market === 'extended-hours';
      const exchange = state.market;
      const hour = Number(newYorkIso(at).slice(11, 13));
      return [
        200,
        {
          afterHours: extended && hour >= 12,
          earlyHours: extended && hour < 12,
          market: state.market,
          serverTime: newYorkIso(at),
          exchanges: { nasdaq: exchange, nyse: exchange, otc: open ? 'open' : 'closed' },
          currencies: { crypto: 'open', fx: open ? 'open' : 'closed' },
          indicesGroups: {
            s_and_p: open ? 'open' : 'closed',
            societe_generale: open ? 'open' : 'closed',
            msci: open ? 'open' : 'closed',
            ftse_russell: open ? 'open' : 'closed',
            mstar: open ? 'open' : 'closed',
            mstarc: open ? 'open' : 'closed',
            cccy: 'open',
            cgi: open ? 'open' : 'closed',
            nasdaq: open ? 'open' : 'closed',
            dow_jones: open ? 'open' : 'closed',
          },
        },
      ];
    },
    [UPCOMING_PATH]() {
      const today = newYorkDate(now());
      const list = state.upcoming
        .filter((entry) => entry.date >= today)
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
        .flatMap((entry) => EXCHANGES.map((exchange) => ({ exchange, ...entry })));
      return [200, list];
    },
    [SPLITS_PATH](query, url) {
      const q = effectiveQuery(query);
      const wanted = listParam(q, 'ticker.any_of');
      const rows = sortBy(
        state.splits.filter(
          (s) =>
            (!q.get('ticker') || s.ticker === q.get('ticker')) &&
            (wanted.length === 0 || wanted.includes(s.ticker)) &&
            rangeFilter(q, 'execution_date', s.execution_date) &&
            (!q.get('adjustment_type') || s.adjustment_type === q.get('adjustment_type')),
        ),
        q.get('sort') ?? '',
        'execution_date.desc',
      );
      return [200, page(url, query, rows, { defaultLimit: 100, maxLimit: 5000 })];
    },
    [DIVIDENDS_PATH](query, url) {
      const q = effectiveQuery(query);
      const wanted = listParam(q, 'ticker.any_of');
      const rows = sortBy(
        state.dividends.filter(
          (d) =>
            (!q.get('ticker') || d.ticker === q.get('ticker')) &&
            (wanted.length === 0 || wanted.includes(d.ticker)) &&
            rangeFilter(q, 'ex_dividend_date', d.ex_dividend_date) &&
            (!q.get('distribution_type') || d.distribution_type === q.get('distribution_type')),
        ),
        q.get('sort') ?? '',
        'ex_dividend_date.desc',
      );
      return [200, page(url, query, rows, { defaultLimit: 100, maxLimit: 5000 })];
    },
  };

  /** The first fault that applies to `path`, used up once if it counts its uses. */
  function takeFault(path) {
    const index = faults.findIndex((f) => f.path === path || f.path === '*');
    if (index < 0) return null;
    const fault = faults[index];
    if (fault.times !== Infinity) {
      fault.times -= 1;
      if (fault.times <= 0) faults.splice(index, 1);
    }
    return fault;
  }

  /** Answers held back by slow(): close() drops them rather than keep the process waiting. */
  const held = new Set();
  const delay = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        held.delete(timer);
        resolve();
      }, ms);
      held.add(timer);
    });

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const query = url.searchParams;
    const header = req.headers.authorization ?? '';
    const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1];
    const key = query.get('apiKey') ?? bearer ?? null;
    const record = {
      method: req.method ?? 'GET',
      path: url.pathname,
      // The key is never kept: a test asserts how it came, not what it was.
      query: Object.fromEntries([...query].filter(([name]) => name !== 'apiKey')),
      params: [...query].filter(([name]) => name !== 'apiKey'),
      keyVia: query.has('apiKey') ? 'query' : bearer ? 'header' : null,
      at: now().toISOString(),
      status: 0,
    };
    requests.push(record);
    const answer = (status, body) => {
      record.status = status;
      send(res, status, body);
      events.emit('request', record);
    };

    const route = req.method === 'GET' ? routes[url.pathname] : undefined;
    if (!route) return answer(404, { status: 'NOT_FOUND', request_id: randomUUID(), message: 'Not Found' });
    if (!key) return answer(401, errorBody(ERRORS.missingKey));
    if (state.refused || key !== state.apiKey) return answer(401, errorBody(ERRORS.unknownKey));

    const fault = takeFault(url.pathname);
    if (fault?.delayMs) await delay(fault.delayMs);
    if (fault?.status) {
      const body = fault.body ?? (fault.status === 429 ? errorBody(ERRORS.tooMany) : errorBody('Internal error'));
      return answer(fault.status, body);
    }
    const [status, body] = route(query, url);
    return answer(status, body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) send(res, 500, errorBody(String(error?.message ?? error)));
    });
  });

  // ---- the stocks socket ----

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://stand-in');
    if (pathname !== SOCKET_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const status = (status, message) => ({ ev: 'status', status, message });
  const sendEvents = (ws, list) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(list));
  };

  wss.on('connection', (ws) => {
    const client = { ws, authenticated: false, subscriptions: new Set() };
    clients.add(client);
    ws.on('close', () => {
      clients.delete(client);
      events.emit('socket-close', client);
    });
    ws.on('message', (data) => {
      let message;
      try {
        message = JSON.parse(String(data));
      } catch {
        sendEvents(ws, [status('error', 'invalid json')]);
        return;
      }
      const params = typeof message?.params === 'string' ? message.params : '';
      if (message?.action === 'auth') {
        if (!state.refused && params === state.apiKey) {
          client.authenticated = true;
          sendEvents(ws, [status('auth_success', 'authenticated')]);
          events.emit('auth', { ok: true });
        } else {
          sendEvents(ws, [status('auth_failed', 'authentication failed')]);
          events.emit('auth', { ok: false });
          ws.close(1008, 'authentication failed');
        }
        return;
      }
      if (message?.action === 'subscribe' || message?.action === 'unsubscribe') {
        if (!client.authenticated) {
          sendEvents(ws, [status('error', 'not authorized')]);
          return;
        }
        const channels = params
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        const subscribe = message.action === 'subscribe';
        for (const channel of channels) {
          if (subscribe) client.subscriptions.add(channel);
          else client.subscriptions.delete(channel);
        }
        sendEvents(
          ws,
          channels.map((channel) => status('success', `${subscribe ? 'subscribed' : 'unsubscribed'} to: ${channel}`)),
        );
        events.emit(message.action, { channels, subscriptions: [...client.subscriptions] });
        return;
      }
      sendEvents(ws, [status('error', `unknown action: ${String(message?.action)}`)]);
    });
    sendEvents(ws, [status('connected', 'Connected Successfully')]);
    events.emit('connection');
  });

  function barOf(input) {
    const c = input.c;
    const e = input.e instanceof Date ? input.e.getTime() : (input.e ?? now().getTime());
    const s = input.s instanceof Date ? input.s.getTime() : (input.s ?? e - 60_000);
    const o = input.o ?? c;
    return {
      ev: 'AM',
      sym: input.sym,
      v: input.v ?? 100,
      av: input.av ?? input.v ?? 100,
      op: input.op ?? o,
      vw: input.vw ?? c,
      o,
      c,
      h: input.h ?? Math.max(o, c),
      l: input.l ?? Math.min(o, c),
      a: input.a ?? c,
      z: input.z ?? 100,
      s,
      e,
    };
  }

  function pushBars(input) {
    const bars = (Array.isArray(input) ? input : [input]).map(barOf);
    for (const bar of bars) {
      const quote = quoteFor(bar.sym);
      quote.min = bar;
      quote.lastTrade = { p: bar.c, t: bar.e };
    }
    let delivered = 0;
    for (const client of clients) {
      if (!client.authenticated) continue;
      const mine = bars.filter((bar) => client.subscriptions.has('AM.*') || client.subscriptions.has(`AM.${bar.sym}`));
      if (mine.length === 0) continue;
      sendEvents(client.ws, mine);
      delivered += 1;
    }
    return delivered;
  }

  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const baseHost = host.includes(':') ? `[${host}]` : host;
  const baseUrl = () => `http://${baseHost}:${boundPort}`;

  /** Resolves when `test()` holds, checked now and after every event named in `names`. */
  function until(names, test, timeoutMs) {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        for (const name of names) events.off(name, check);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`stand-in: timed out after ${timeoutMs} ms waiting on ${names.join(' or ')}`));
      }, timeoutMs);
      function check() {
        if (!test()) return;
        stop();
        resolve();
      }
      for (const name of names) events.on(name, check);
    });
  }

  const standIn = {
    port: boundPort,
    restUrl: baseUrl(),
    wsUrl: `ws://${baseHost}:${boundPort}`,
    /** Every REST call received, oldest first (the key removed). */
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    events,

    addTicker,
    removeTicker(symbol) {
      tickers.delete(symbol);
      quotes.delete(symbol);
    },
    setActive(symbol, active) {
      const ticker = tickers.get(symbol);
      if (!ticker) throw new Error(`${symbol} is not in the stand-in's universe`);
      ticker.active = active;
    },
    setPrice(symbol, price, at = now()) {
      const quote = quoteFor(symbol);
      quote.lastTrade = { p: price, t: at instanceof Date ? at.getTime() : at };
    },
    setSnapshot(symbol, { lastTrade, min, prevClose } = {}) {
      const quote = quoteFor(symbol);
      if (lastTrade !== undefined)
        quote.lastTrade = lastTrade && {
          p: lastTrade.p,
          t: lastTrade.t instanceof Date ? lastTrade.t.getTime() : lastTrade.t,
        };
      if (min !== undefined) quote.min = min && barOf({ sym: symbol, ...min });
      if (prevClose !== undefined) quote.prevClose = prevClose;
    },
    pushBar: (bar) => pushBars(bar),
    pushBars,

    setMarket(next) {
      if (!MARKET_STATES.includes(next)) throw new Error(`market is one of ${MARKET_STATES.join(', ')}`);
      state.market = next;
    },
    setUpcoming,
    addHoliday(date, name = 'Holiday') {
      state.upcoming.push(upcomingEntry({ date, name, status: 'closed' }));
    },
    addEarlyClose(date, name = 'Early close', times = {}) {
      state.upcoming.push(upcomingEntry({ date, name, status: 'early-close', ...times }));
    },
    addSplit(split) {
      const row = splitOf(split);
      state.splits.push(row);
      return row;
    },
    addDividend(dividend) {
      const row = dividendOf(dividend);
      state.dividends.push(row);
      return row;
    },
    setPageSize(size) {
      state.pageSize = size;
    },

    refuseKey(refuse = true) {
      state.refused = refuse;
    },
    setApiKey(key) {
      state.apiKey = key;
    },
    fail(path, { status = 429, times = 1, body } = {}) {
      faults.push({ path, status, times, body });
    },
    slow(path, delayMs, { times = Infinity } = {}) {
      faults.push({ path, delayMs, times });
    },
    clearFaults() {
      faults.length = 0;
    },

    sockets: () =>
      [...clients].map((client) => ({
        authenticated: client.authenticated,
        subscriptions: [...client.subscriptions],
      })),
    async dropSockets({ code, reason } = {}) {
      const closing = [...clients].map((client) =>
        client.ws.readyState === client.ws.CLOSED ? null : once(client.ws, 'close'),
      );
      // Without a code the connection just ends, as a network drop does (the client sees 1006); with one, the server
      // closes it properly, as Massive does when it restarts a cluster.
      for (const client of clients) {
        if (code === undefined) client.ws.terminate();
        else client.ws.close(code, reason);
      }
      await Promise.all(closing);
    },
    waitForRequest(match, { timeoutMs = 5000 } = {}) {
      const test = typeof match === 'function' ? match : (r) => r.path === match;
      return until(['request'], () => requests.some((r) => r.status && test(r)), timeoutMs).then(() =>
        requests.find((r) => r.status && test(r)),
      );
    },
    waitForSubscription(channel, { timeoutMs = 5000 } = {}) {
      return until(['subscribe'], () => [...clients].some((client) => client.subscriptions.has(channel)), timeoutMs);
    },
    waitForSockets(count, { timeoutMs = 5000, authenticated = false } = {}) {
      const counted = () => [...clients].filter((client) => !authenticated || client.authenticated).length;
      const name = authenticated ? 'auth' : 'connection';
      return until([name, 'socket-close'], () => counted() === count, timeoutMs);
    },
    async close() {
      for (const timer of held) clearTimeout(timer);
      for (const client of clients) client.ws.terminate();
      wss.close();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
