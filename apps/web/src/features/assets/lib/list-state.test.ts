import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_STATE, listStateOf, orderOf, paramsOf, termsOf, viewOf } from './list-state.ts';

const FIELD = '0193f8a0-0000-7000-8000-0000000000f1';
const LOCATION = '0193f8a0-0000-7000-8000-00000000010c';

describe('the asset list state in the URL', () => {
  it('leaves defaults out, so the plain list is /assets', () => {
    expect(paramsOf(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(listStateOf(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
    // The retired list's own default is newest retired first.
    expect(paramsOf({ ...DEFAULT_LIST_STATE, status: 'retired', sort: 'retired' }).toString()).toBe(
      'status=retired',
    );
    expect(listStateOf(new URLSearchParams('status=retired')).sort).toBe('retired');
    // An order that is the sort's own is not written either.
    expect(paramsOf({ ...DEFAULT_LIST_STATE, sort: 'name', order: 'asc' }).toString()).toBe('sort=name');
  });

  it('reads back what it writes, filters repeated in order', () => {
    const state = {
      search: 'pump',
      status: 'all' as const,
      sort: `field:${FIELD}`,
      order: 'desc' as const,
      openTasks: 'true' as const,
      due: 'overdue' as const,
      location: LOCATION,
      filter: [`${FIELD}:min:5`, `${FIELD}:max:10`],
      page: 3,
    };
    expect(listStateOf(paramsOf(state))).toEqual(state);
    expect(viewOf(state)).toEqual({
      search: 'pump',
      status: 'all',
      sort: `field:${FIELD}`,
      order: 'desc',
      openTasks: 'true',
      due: 'overdue',
      location: LOCATION,
      filter: [`${FIELD}:min:5`, `${FIELD}:max:10`],
    });
    expect(termsOf(state)).toEqual([
      { fieldId: FIELD, operator: 'min', value: '5' },
      { fieldId: FIELD, operator: 'max', value: '10' },
    ]);
  });

  it('takes what does not read as a value as its default', () => {
    const state = listStateOf(
      new URLSearchParams('status=gone&order=up&openTasks=maybe&due=late&page=-2&filter=nonsense'),
    );
    expect(state).toMatchObject({
      status: 'active',
      order: undefined,
      openTasks: undefined,
      due: undefined,
      page: 1,
    });
    // A filter that is not a term goes to the server as it is, which says what is wrong with it.
    expect(state.filter).toEqual(['nonsense']);
    expect(termsOf(state)).toEqual([]);
    expect(orderOf({ sort: 'name', order: undefined })).toBe('asc');
  });
});
