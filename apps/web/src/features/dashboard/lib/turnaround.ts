import type { TTurnaroundMetric } from '@mqr/contracts';

/** The overall turnaround: the metric labelled "overall" (any case), else the first one. */
export function pickOverallMetric(metrics: TTurnaroundMetric[]): TTurnaroundMetric | undefined {
  return metrics.find((metric) => metric.label.toLowerCase() === 'overall') ?? metrics[0];
}
