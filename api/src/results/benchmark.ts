import { BENCHMARK_NAME, type BenchmarkPoint, type BenchmarkResponse } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { requireContest } from '../contests/checks';
import { benchmarkPoints } from '../db/results';
import { contestStatus } from '../domain/contest-status';
import { conflict } from '../lib/errors';

/** A completed contest's benchmark never changes: kept once computed (bounded, oldest first out). */
const FINAL_BENCHMARKS_KEPT = 500;

/**
 * `GET /contest/{id}/benchmark`, with its own memory of final benchmarks: one reader per app, so each app (and each
 * test's database) has its own.
 */
export function benchmarkReader(deps: Pick<AppDeps, 'db'>) {
  const finalBenchmarks = new Map<string, BenchmarkPoint[]>();
  return async function benchmarkOf(contestId: string): Promise<BenchmarkResponse> {
    const { row } = await requireContest(deps.db, contestId, null);
    const status = contestStatus(row);
    if (status !== 'active' && status !== 'completed') {
      throw conflict(`The contest is ${status}; the benchmark starts when the contest does`);
    }
    if (status === 'completed') {
      let points = finalBenchmarks.get(row.id);
      if (!points) {
        points = await benchmarkPoints(deps.db, row.id);
        if (finalBenchmarks.size >= FINAL_BENCHMARKS_KEPT)
          finalBenchmarks.delete(finalBenchmarks.keys().next().value as string);
        finalBenchmarks.set(row.id, points);
      }
      return { name: BENCHMARK_NAME, points };
    }
    return { name: BENCHMARK_NAME, points: await benchmarkPoints(deps.db, row.id, row.standingsAsOf) };
  };
}
