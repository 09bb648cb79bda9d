/**
 * How much the process's resident memory grew while `run` ran, at its peak
 * (sampled every 10 ms: a parse thread's allocations show in the process's
 * RSS while the main thread waits) and after it.
 */
export async function peakGrowth<T>(run: () => Promise<T>): Promise<{ result: T; rssMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, rssMb: (peak - before) / (1024 * 1024) };
  } finally {
    clearInterval(sample);
  }
}
