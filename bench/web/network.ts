// What CDP reports of a visit's requests: the scripts and their bytes on the wire, and the timeline of every request.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CDPSession } from 'playwright-core';

export interface ScriptLoad {
  url: string;
  bytes: number;
  fromCache: boolean;
}

/** Script requests seen by CDP while it runs: bytes on the wire (encodedDataLength; 0 for a cache hit). */
export function trackScripts(cdp: CDPSession) {
  const scripts = new Map<string, { url: string; bytes: number; fromCache: boolean; done: boolean }>();
  let lastEvent = Date.now();
  const isScript = (type: string | undefined, mimeType?: string) =>
    type === 'Script' || /javascript/.test(mimeType ?? '');
  const onRequest = (event: { requestId: string; type?: string; request: { url: string } }) => {
    if (!isScript(event.type)) return;
    scripts.set(event.requestId, { url: event.request.url, bytes: 0, fromCache: false, done: false });
    lastEvent = Date.now();
  };
  const onResponse = (event: {
    requestId: string;
    type: string;
    response: { url: string; mimeType: string; fromDiskCache?: boolean };
  }) => {
    if (!isScript(event.type, event.response.mimeType)) return;
    const entry = scripts.get(event.requestId) ?? { url: event.response.url, bytes: 0, fromCache: false, done: false };
    if (event.response.fromDiskCache) entry.fromCache = true;
    scripts.set(event.requestId, entry);
    lastEvent = Date.now();
  };
  const onCached = (event: { requestId: string }) => {
    const entry = scripts.get(event.requestId);
    if (entry) entry.fromCache = true;
  };
  const onFinished = (event: { requestId: string; encodedDataLength: number }) => {
    const entry = scripts.get(event.requestId);
    if (!entry) return;
    entry.bytes = event.encodedDataLength;
    entry.done = true;
    lastEvent = Date.now();
  };
  const onFailed = (event: { requestId: string }) => {
    const entry = scripts.get(event.requestId);
    if (!entry) return;
    entry.done = true;
    lastEvent = Date.now();
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onCached);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.loadingFailed', onFailed);
  return {
    /** Resolves once no script has been requested or finished for `quietMs` (at most `timeoutMs`). */
    async settle(quietMs = 1_000, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const pending = [...scripts.values()].some((entry) => !entry.done);
        if (!pending && Date.now() - lastEvent >= quietMs) return;
        await sleep(100);
      }
    },
    stop(): ScriptLoad[] {
      cdp.off('Network.requestWillBeSent', onRequest);
      cdp.off('Network.responseReceived', onResponse);
      cdp.off('Network.requestServedFromCache', onCached);
      cdp.off('Network.loadingFinished', onFinished);
      cdp.off('Network.loadingFailed', onFailed);
      return [...scripts.values()].map(({ url, bytes, fromCache }) => ({ url, bytes, fromCache }));
    },
  };
}

export interface NetworkRequest {
  url: string;
  type: string;
  /** CDP monotonic seconds. */
  start: number;
  end: number | null;
  /** false: answered by a cache without going to the network. */
  network: boolean;
  status: number | null;
}

/** Every request of a visit, as CDP's timeline reports it. */
export function trackRequests(cdp: CDPSession) {
  const requests = new Map<string, NetworkRequest>();
  const onRequest = (event: { requestId: string; type?: string; timestamp: number; request: { url: string } }) => {
    if (requests.has(event.requestId)) return; // a redirect: the chain's first request stands
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      start: event.timestamp,
      end: null,
      network: true,
      status: null,
    });
  };
  const onResponse = (event: {
    requestId: string;
    response: { status: number; fromDiskCache?: boolean; fromServiceWorker?: boolean; fromPrefetchCache?: boolean };
  }) => {
    const entry = requests.get(event.requestId);
    if (!entry) return;
    entry.status = event.response.status;
    if (event.response.fromDiskCache || event.response.fromServiceWorker || event.response.fromPrefetchCache) {
      entry.network = false;
    }
  };
  const onCached = (event: { requestId: string }) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.network = false;
  };
  const onDone = (event: { requestId: string; timestamp: number }) => {
    const entry = requests.get(event.requestId);
    if (entry && entry.end === null) entry.end = event.timestamp;
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onCached);
  cdp.on('Network.loadingFinished', onDone);
  cdp.on('Network.loadingFailed', onDone);
  return {
    stop(): NetworkRequest[] {
      cdp.off('Network.requestWillBeSent', onRequest);
      cdp.off('Network.responseReceived', onResponse);
      cdp.off('Network.requestServedFromCache', onCached);
      cdp.off('Network.loadingFinished', onDone);
      cdp.off('Network.loadingFailed', onDone);
      return [...requests.values()].sort((a, b) => a.start - b.start);
    },
  };
}

/** Sequential round trips before `readyMs`: the longest chain of network requests that answered by then, each sent
 *  after the previous one had answered (the page itself included). */
export function sequentialRoundTrips(requests: NetworkRequest[], readyMs: number): number {
  const document = requests.find((request) => request.type === 'Document');
  if (!document) return 0;
  const readyAt = document.start + readyMs / 1000;
  const done = requests
    .filter(
      (request) => request.network && request.end !== null && request.start >= document.start && request.end <= readyAt,
    )
    .sort((a, b) => (a.end as number) - (b.end as number));
  const depth: number[] = [];
  done.forEach((request, index) => {
    let before = 0;
    for (let previous = 0; previous < index; previous += 1) {
      if ((done[previous] as NetworkRequest).end! <= request.start)
        before = Math.max(before, depth[previous] as number);
    }
    depth[index] = before + 1;
  });
  return Math.max(0, ...depth);
}
