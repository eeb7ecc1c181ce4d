/** Reads the event loop's recent lag in milliseconds. */
export type LagReading = () => number;

export interface LagMonitor {
  read: LagReading;
  stop(): void;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Sustained event-loop lag from a sampling timer: a timer due every `tickMs` notes how late it
 * runs; a window closes once `windowMs` has passed and it holds at least `minTicks` delays, and
 * the reading is the median delay of the last closed window. A process that keeps its loop busy
 * (every tick late) reads high within a window or two; one isolated stall (a garbage collection,
 * start-up work, one slow request) is a single late tick among normal ones and does not count.
 * When every tick is late by seconds, a window spans `minTicks` of them.
 *
 * (perf_hooks' monitorEventLoopDelay was the first choice, but its histogram drops the first
 * delay after a reset, and its percentiles mix isolated stalls with sustained lag.)
 */
export function monitorEventLoopLag(
  opts: {
    tickMs?: number;
    windowMs?: number;
    minTicks?: number;
    /** The clock the delays are read from (tests pass their own). */
    now?: () => number;
  } = {},
): LagMonitor {
  const tickMs = opts.tickMs ?? 20;
  const windowMs = opts.windowMs ?? 1000;
  const minTicks = opts.minTicks ?? 3;
  const now = opts.now ?? (() => performance.now());
  let last = now();
  let windowStart = last;
  let delays: number[] = [];
  let reading = 0;
  const timer = setInterval(() => {
    const at = now();
    delays.push(Math.max(0, at - last - tickMs));
    last = at;
    if (at - windowStart >= windowMs && delays.length >= minTicks) {
      reading = median(delays);
      delays = [];
      windowStart = at;
    }
  }, tickMs);
  timer.unref();
  return {
    read: () => reading,
    stop: () => clearInterval(timer),
  };
}
