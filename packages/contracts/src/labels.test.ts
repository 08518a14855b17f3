import { describe, expect, it } from 'vitest';
import { isLocationLabelSource, LABEL_MESSAGES, ZLabelSheetBody } from './labels.ts';

const SITE = '0193F8A0-3333-7000-8000-000000000003';
const ROOM = '0193f8a0-4444-7000-8000-000000000004';

/** The paths and messages of a refused body. */
function refusals(body: object) {
  const parsed = ZLabelSheetBody.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('ZLabelSheetBody with locations', () => {
  it('takes a selection of locations, lower-cased and each once, in the order given', () => {
    expect(
      ZLabelSheetBody.parse({ locationIds: [ROOM, SITE, SITE.toLowerCase()], layout: 'avery-l7160' }),
    ).toEqual({
      locationIds: [ROOM, SITE.toLowerCase()],
      layout: 'avery-l7160',
      startPosition: 1,
      includeLogo: false,
    });
  });

  it('takes a location’s tree by its id', () => {
    expect(ZLabelSheetBody.parse({ locationTree: SITE, layout: 'roll-2x1in' })).toMatchObject({
      locationTree: SITE.toLowerCase(),
    });
  });

  it('refuses a custom field, a second source and malformed ids, naming the field', () => {
    const field = '0193f8a0-5555-7000-8000-000000000005';
    expect(refusals({ locationTree: SITE, fieldId: field, layout: 'avery-l7160' })).toContainEqual({
      path: 'fieldId',
      message: LABEL_MESSAGES.fieldAssetsOnly,
    });
    expect(refusals({ locationTree: SITE, assetIds: [ROOM], layout: 'avery-l7160' })).toContainEqual({
      path: 'assetIds',
      message: LABEL_MESSAGES.oneSource,
    });
    expect(refusals({ locationIds: [], layout: 'avery-l7160' })).toContainEqual({
      path: 'locationIds',
      message: LABEL_MESSAGES.noLocations,
    });
    expect(refusals({ locationTree: 'plant-a', layout: 'avery-l7160' })).toContainEqual({
      path: 'locationTree',
      message: LABEL_MESSAGES.locationIdInvalid,
    });
    // A field with asset labels is still the asset's choice.
    expect(
      ZLabelSheetBody.safeParse({ assetIds: [ROOM], fieldId: field, layout: 'avery-l7160' }).success,
    ).toBe(true);
  });

  it('tells location sources from asset sources', () => {
    expect(isLocationLabelSource({ locationIds: [ROOM] })).toBe(true);
    expect(isLocationLabelSource({ locationTree: SITE })).toBe(true);
    expect(isLocationLabelSource({ assetIds: [ROOM] })).toBe(false);
    expect(isLocationLabelSource({ importId: ROOM })).toBe(false);
  });
});
