/** Reads the event loop's recent lag in milliseconds. */
export type LagReading = () => number;

export interface LagMonitor {
  read: LagReading;
  stop(): void;
}

/**
 * Event-loop lag from a sampling timer: a timer due every `tickMs` notes how late it runs, and
 * the reading is the worst delay of the current and the previous window of `windowMs`. A stall
 * shows up at the first tick after it (timers run before the I/O that queued up meanwhile), and
 * the reading falls back once a whole window has passed without one.
 *
 * (perf_hooks' monitorEventLoopDelay was the first choice, but its histogram drops the first
 * delay after a reset, so a stall right after a sample went unseen.)
 */
export function monitorEventLoopLag(opts: { tickMs?: number; windowMs?: number } = {}): LagMonitor {
  const tickMs = opts.tickMs ?? 20;
  const ticksPerWindow = Math.max(1, Math.round((opts.windowMs ?? 1000) / tickMs));
  let last = performance.now();
  let current = 0;
  let previous = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    current = Math.max(current, now - last - tickMs);
    last = now;
    ticks += 1;
    if (ticks >= ticksPerWindow) {
      previous = current;
      current = 0;
      ticks = 0;
    }
  }, tickMs);
  timer.unref();
  return {
    read: () => Math.max(current, previous),
    stop: () => clearInterval(timer),
  };
}
