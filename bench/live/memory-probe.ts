// Loaded into each API process that bench/live starts (node --import), never by the API itself: every half second it
// sends the process's memory to the bench over the IPC channel the bench opened, which the bench reads at each tick,
// and after every major garbage collection the heap left (the floor a leak would lift).
// IPC, not a file: a rename on a busy disk blocked the API's thread for tens of milliseconds.
import { PerformanceObserver, constants } from 'node:perf_hooks';

const send = process.send?.bind(process);
if (send) {
  // The channel must not keep the API alive once it is done (SIGTERM drain).
  process.channel?.unref();
  setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    send({ kind: 'bench-memory', at: Date.now(), rss, heapUsed });
  }, 500).unref();
  new PerformanceObserver((list) => {
    const major = list
      .getEntries()
      .some(
        (entry) =>
          (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ===
          constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (major) send({ kind: 'bench-gc', at: Date.now(), heapUsed: process.memoryUsage().heapUsed });
  }).observe({ entryTypes: ['gc'] });
}
