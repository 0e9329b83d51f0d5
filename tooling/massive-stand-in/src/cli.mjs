#!/usr/bin/env node
// `npm run stand-in -- [options]`: serves the default universe on one port for an offline run of the API with
// MARKET_FEED=massive, moves every price by a small random walk each --bar-ms as minute aggregates stamped
// --delay-minutes in the past (as the delayed feed stamps them), and reads commands from stdin to script the rest.
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { defaultUniverse, defaultUpcoming, syntheticListings } from './defaults.mjs';
import { startStandIn } from './massive-stand-in.mjs';
import { newYorkDate } from './new-york-time.mjs';

const USAGE = `Usage: npm run stand-in -- [--port 4010] [--host 127.0.0.1] [--api-key KEY] [--market open|closed|extended-hours]
                           [--bar-ms 5000] [--delay-minutes 15] [--symbols N]
The key defaults to $MASSIVE_API_KEY, else "stand-in-key". --bar-ms 0 pushes no bars by itself. --symbols N lists made-up
stocks (QAAAA, QAAAB…) after the default universe until N tickers are listed, as large as the provider's.
Port 0 picks a free one; the URLs printed name it.
Commands on stdin:
  market open|closed|extended-hours     what /v1/marketstatus/now answers
  holiday YYYY-MM-DD [name]             a full-day closure in /v1/marketstatus/upcoming
  early-close YYYY-MM-DD [name]         a 13:00 ET close in /v1/marketstatus/upcoming
  price SYMBOL PRICE                    a minute bar for SYMBOL closing at PRICE, now (less the delay)
  burst                                 a minute bar for every ticker at once, as at the open
  split SYMBOL FROM TO YYYY-MM-DD       a split, FROM shares becoming TO (from that date, bars at the adjusted price)
  dividend SYMBOL AMOUNT YYYY-MM-DD     a cash dividend per share, ex-dividend on that date
  drop                                  closes every socket
  refuse | accept                       refuses the key (REST 401, socket auth_failed) or accepts it again
  throttle PATH [TIMES]                 answers 429 to the next TIMES calls of PATH
  slow PATH MS                          answers every call of PATH MS late ("slow PATH 0" clears all faults)
  status                                sockets, subscriptions and the count of REST calls
  quit`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    'api-key': { type: 'string' },
    market: { type: 'string', default: 'open' },
    'bar-ms': { type: 'string', default: '5000' },
    'delay-minutes': { type: 'string', default: '15' },
    symbols: { type: 'string', default: '0' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const apiKey = values['api-key'] ?? process.env.MASSIVE_API_KEY ?? 'stand-in-key';
const delayMs = Number(values['delay-minutes']) * 60_000;
const listed = defaultUniverse();
const universe = [...listed, ...syntheticListings(Math.max(0, Number(values.symbols) - listed.length))];
const standIn = await startStandIn({
  port: Number(values.port),
  host: values.host,
  apiKey,
  universe,
  market: /** @type {'open'} */ (values.market),
  upcoming: defaultUpcoming(),
});

const prices = new Map(universe.map((entry) => [entry.ticker, entry.price ?? 100]));
// The opening prices are as delayed as the bars that follow them: stamped "now", every bar of the next
// --delay-minutes would be older than the snapshot's price, and a feed would rightly drop it.
for (const entry of universe)
  if (entry.price != null) standIn.setPrice(entry.ticker, entry.price, Date.now() - delayMs);
const bar = (sym, c) => ({ sym, c: Math.round(c * 100) / 100, e: Date.now() - delayMs });

/** Every ticker's next minute bar, a small random step from its last price; pushed in one message, as bursts come. */
function pushEveryBar() {
  const bars = [...prices].map(([sym, price]) => {
    const next = Math.max(0.01, price * (1 + (Math.random() - 0.5) * 0.002));
    prices.set(sym, next);
    return bar(sym, next);
  });
  return standIn.pushBars(bars);
}

const barMs = Number(values['bar-ms']);
if (barMs > 0) setInterval(pushEveryBar, barMs);

// The key is never printed: whoever started the stand-in has it already.
console.log(`Massive stand-in: ${universe.length} tickers, market ${values.market}`);
console.log(`  MASSIVE_REST_URL=${standIn.restUrl} MASSIVE_WS_URL=${standIn.wsUrl}`);
console.log('  type "help" for commands');

const commands = {
  help: () => console.log(USAGE),
  market: (state) => standIn.setMarket(/** @type {'open'} */ (state)),
  holiday: (date, ...name) => standIn.addHoliday(date, name.join(' ') || undefined),
  'early-close': (date, ...name) => standIn.addEarlyClose(date, name.join(' ') || undefined),
  price: (sym, price) => {
    prices.set(sym, Number(price));
    console.log(`  pushed to ${standIn.pushBar(bar(sym, Number(price)))} socket(s)`);
  },
  burst: () => console.log(`  ${prices.size} bars pushed to ${pushEveryBar()} socket(s)`),
  split: (ticker, from, to, date) => {
    console.log(standIn.addSplit({ ticker, split_from: Number(from), split_to: Number(to), execution_date: date }));
    // From its execution date the stock trades at the split-adjusted price: the bars that follow are too.
    if (date <= newYorkDate(new Date()) && prices.has(ticker))
      prices.set(ticker, ((prices.get(ticker) ?? 0) * Number(from)) / Number(to));
  },
  dividend: (ticker, amount, date) =>
    console.log(standIn.addDividend({ ticker, cash_amount: Number(amount), ex_dividend_date: date })),
  drop: () => standIn.dropSockets(),
  refuse: () => standIn.refuseKey(true),
  accept: () => standIn.refuseKey(false),
  throttle: (path, times = '1') => standIn.fail(path, { status: 429, times: Number(times) }),
  slow: (path, ms) => (Number(ms) > 0 ? standIn.slow(path, Number(ms)) : standIn.clearFaults()),
  status: () => console.dir({ sockets: standIn.sockets(), restCalls: standIn.requests.length }, { depth: null }),
  quit: () => shutDown(),
};

async function shutDown() {
  await standIn.close();
  process.exit(0);
}
process.on('SIGINT', shutDown);
process.on('SIGTERM', shutDown);

readline.createInterface({ input: process.stdin }).on('line', async (line) => {
  const [name, ...args] = line.trim().split(/\s+/);
  if (!name) return;
  const command = commands[name];
  if (!command) {
    console.log(`  unknown command "${name}"; type "help"`);
    return;
  }
  try {
    await command(...args);
    console.log(`  ok: ${line.trim()}`);
  } catch (error) {
    console.log(`  ${error instanceof Error ? error.message : String(error)}`);
  }
});
