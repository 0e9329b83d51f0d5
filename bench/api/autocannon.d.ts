// The part of autocannon's API that bench/api uses (the package ships no types; @types/autocannon describes v7).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      requests?: Record<string, unknown>[];
      [option: string]: unknown;
    }
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      [field: string]: unknown;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
