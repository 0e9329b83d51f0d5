// --profile and --trace: where a visit's main-thread time goes, printed and kept for DevTools.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A CPU profile's self time per script and per function, heaviest first (--profile). */
export async function reportProfile(profile: CpuProfile, title: string, dataDir: string) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const perScript = new Map<string, number>();
  const perFunction = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) continue;
    const script = frame.url || `(${frame.functionName || 'program'})`;
    perScript.set(script, (perScript.get(script) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  for (const [script, ms] of top(perScript, 12))
    console.log(`  ${title} self ${ms.toFixed(0).padStart(5)} ms  ${script}`);
  for (const [fn, ms] of top(perFunction, 12)) console.log(`  ${title} fn   ${ms.toFixed(0).padStart(5)} ms  ${fn}`);
  const dir = path.join(dataDir, 'profiles');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${title.replace(/[^a-z0-9-]+/gi, '_')}.cpuprofile`), JSON.stringify(profile));
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
}

/** A Chrome trace of one visit (--trace): what the page's main thread did, as DevTools' Performance panel shows it. */
export async function startTrace(cdp: CDPSession) {
  const events: TraceEvent[] = [];
  const onData = (data: { value: object[] }) => {
    events.push(...(data.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink',
        'loading',
      ],
    },
  });
  return {
    async stop(): Promise<TraceEvent[]> {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', onData);
      return events;
    },
  };
}

/** The renderer main thread's self time per trace event name, heaviest first; the trace is kept for DevTools. */
export async function reportTrace(events: TraceEvent[], title: string, dataDir: string) {
  const main = events.find((event) => event.ph === 'M' && event.args?.name === 'CrRendererMain');
  const onMain = events
    .filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const open: { end: number; name: string }[] = [];
  for (const event of onMain) {
    const end = event.ts + (event.dur ?? 0);
    while (open.length && (open[open.length - 1] as { end: number }).end <= event.ts) open.pop();
    const parent = open[open.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (event.dur ?? 0) / 1000);
    self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    open.push({ end, name: event.name });
  }
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 16))
    console.log(`  ${title} main thread ${ms.toFixed(0).padStart(5)} ms  ${name}`);
  const dir = path.join(dataDir, 'traces');
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, `${title.replace(/[^a-z0-9-]+/gi, '_')}.json`),
    JSON.stringify({ traceEvents: events }),
  );
}
