// The part of autocannon 8's programmatic API the benchmarks use (it ships no types).
declare module 'autocannon' {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    amount?: number;
  };
  type Histogram = { p50: number; p90: number; p99: number; mean: number; max: number; min: number };
  type Result = {
    latency: Histogram;
    requests: Histogram & { total: number; average: number };
    throughput: Histogram & { total: number; average: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
