// `npm run bench -- --resilience`: the figures of issue 37 (outages, replicas) that take minutes or a
// cluster of their own, each scenario a module of its own that this runs in turn.
import { judgeReplicaUnderImports } from './replica-timing.ts';
import type { Report } from './report.ts';

export interface ResilienceSettings {
  /** A small data set and short rows: checks that the scenarios run (goals shown, not enforced). */
  quick: boolean;
}

/** The scenarios, in the order they run; each starts what it needs and stops it. */
export const RESILIENCE_SCENARIOS: {
  name: string;
  run(settings: ResilienceSettings, report: Report): Promise<void>;
}[] = [{ name: 'read replica while the primary imports', run: judgeReplicaUnderImports }];

export async function runResilience(settings: ResilienceSettings, report: Report): Promise<void> {
  for (const scenario of RESILIENCE_SCENARIOS) {
    report.write(`\n${scenario.name}\n`);
    await scenario.run(settings, report);
  }
}
