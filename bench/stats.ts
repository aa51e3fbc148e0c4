// What the benches share: the median of samples and the time one async action takes.

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

/** "budget <= 2×", with " OVER" when the figure is above it: the line `npm run bench` gathers. */
export function budget(value: number, limit: number, unit: string): string {
  return `budget <= ${limit}${unit}${value > limit ? ' OVER' : ''}`;
}
