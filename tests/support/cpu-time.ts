/**
 * The CPU time (user and system, in milliseconds) a synchronous call costs this process. Tests that
 * prove a refusal is cheap (linear, not quadratic) measure the work done, not the wall clock: on a
 * machine that is busy with the rest of the suite, the wall clock measures the neighbours too.
 */
export function cpuMillisecondsOf<T>(work: () => T): { ms: number; result: T } {
  const started = process.cpuUsage();
  const result = work();
  const { user, system } = process.cpuUsage(started);
  return { ms: (user + system) / 1000, result };
}
