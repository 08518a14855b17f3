import type { TTurnaroundMetric } from '@mqr/contracts';

/** The overall turnaround: the metric labelled "overall" (any case), else the first one. */
export function pickOverallMetric(metrics: TTurnaroundMetric[]): TTurnaroundMetric | undefined {
  return metrics.find(isOverall) ?? metrics[0];
}

/** The metric of all assets: the server labels it "Overall" (the screen says it in its language). */
export function isOverall(metric: TTurnaroundMetric): boolean {
  return metric.label.toLowerCase() === 'overall';
}
