import { describe, expect, it } from 'vitest';
import { testConfig } from '#server/test/build-test-app.ts';
import { challengeWork, DEFAULT_CHALLENGE_WORK } from './guards.ts';

describe('the report challenge work (REPORT_CHALLENGE_COUNTER_MAX)', () => {
  it('is the default work unless lowered; lowered, only the counter moves, never the rounds a check costs', () => {
    expect(testConfig('/tmp/unused').reportChallengeCounterMax).toBe(6000);
    expect(challengeWork(6000)).toEqual(DEFAULT_CHALLENGE_WORK);
    expect(challengeWork(30)).toEqual({ cost: DEFAULT_CHALLENGE_WORK.cost, counterMin: 10, counterMax: 30 });
  });
});
