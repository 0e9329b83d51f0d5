import type { Clock } from './clock';

/** Runs a function later. The server waits on real timers; tests move a ManualScheduler's clock instead of sleeping. */
export interface Scheduler {
  /** Runs `run` after `ms`; the answer cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const systemScheduler: Scheduler = {
  after(ms, run) {
    const timer = setTimeout(run, ms);
    // A pending retry or poll never keeps the process alive on its own.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Timers on a ManualClock: `advance` moves the clock and runs whatever fell due, in order of due time. */
export class ManualScheduler implements Scheduler {
  private pending: { at: number; seq: number; run: () => void }[] = [];
  private seq = 0;

  constructor(readonly clock: Clock & { advance(ms: number): Date }) {}

  after(ms: number, run: () => void): () => void {
    const entry = { at: this.clock.now().getTime() + Math.max(0, ms), seq: this.seq++, run };
    this.pending.push(entry);
    return () => {
      this.pending = this.pending.filter((other) => other !== entry);
    };
  }

  /** How long until the next timer falls due; null when none is pending. */
  nextIn(): number | null {
    if (this.pending.length === 0) return null;
    return Math.min(...this.pending.map((entry) => entry.at)) - this.clock.now().getTime();
  }

  advance(ms: number): void {
    const until = this.clock.now().getTime() + ms;
    for (;;) {
      const due = this.pending.filter((entry) => entry.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.pending = this.pending.filter((entry) => entry !== due);
      const now = this.clock.now().getTime();
      if (due.at > now) this.clock.advance(due.at - now);
      due.run();
    }
    const now = this.clock.now().getTime();
    if (until > now) this.clock.advance(until - now);
  }
}
