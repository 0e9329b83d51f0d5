import type { Browser } from 'playwright-core';
import type { Print } from './figures';
import type { BenchUser } from './seed';
import type { Stack } from './stack';

/** What a measurement needs: the browser, the running stack, the seeded user, how it prints and how many rounds. */
export interface Measuring {
  browser: Browser;
  stack: Stack;
  user: BenchUser;
  /** Every figure is the median of this many rounds. */
  rounds: number;
  say: (line: string) => void;
  print: Print;
}
