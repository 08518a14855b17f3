import {
  ASSET_FILTER_OPERATORS,
  ASSET_LIST_MESSAGES,
  filterParam,
  LABEL_MESSAGES,
  type TAssetFilterOperator,
  type TAssetListItem,
} from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { assetFieldValues, assets, maintenanceEvents } from '#server/db/schema.ts';
import { insertField } from '#server/test/asset-fixtures.ts';
import { HOSTILE_TEXT } from '#server/test/request-arbitraries.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// Organization A's register: eight assets in service, created a minute apart (alpha first), ids in the
// same order, custom values of every data type, some empty; one retired asset; B has its own.
const t = tenantWorld();

type Values = { power?: string; installed?: string; critical?: string; location?: string; serial?: string };
const REGISTER: [string, Values][] = [
  ['alpha', { power: '10', installed: '2024-05-01', critical: 'true', location: 'Roof', serial: 'SN-aa1' }],
  [
    'Bravo',
    { power: '9', installed: '2023-01-15', critical: 'false', location: 'Basement', serial: 'SN-bb2' },
  ],
  ['charlie', { power: '100', critical: 'true', location: 'Yard' }],
  ['Delta', { power: '-2.5', installed: '2025-12-31', location: 'Roof', serial: 'sn-AA3' }],
  ['echo', { installed: '2024-05-01', critical: 'false', serial: 'SN-cc4' }],
  ['Foxtrot', { power: '10.25', location: 'Basement' }],
  ['golf', { installed: '2020-02-02', critical: 'true', location: 'Roof', serial: '50%_off' }],
  ['Hotel', { power: '0', installed: '2024-06-30', critical: 'false', location: 'Yard', serial: 'SN-dd5' }],
];
const NEWEST_FIRST = REGISTER.map(([name]) => name).reverse();

const fields = {} as Record<keyof Values, string>;
let otherField: string;
const idOf = new Map<string, string>();

beforeAll(async () => {
  const org = t.orgA.organization.id;
  const define = async (key: keyof Values, dataType: 'Number' | 'Date' | 'Boolean' | 'Select' | 'Text') =>
    (fields[key] = (
      await insertField(t.db, org, {
        key,
        label: key,
        dataType,
        options: dataType === 'Select' ? ['Roof', 'Basement', 'Yard'] : null,
      })
    ).id);
  await define('power', 'Number');
  await define('installed', 'Date');
  await define('critical', 'Boolean');
  await define('location', 'Select');
  await define('serial', 'Text');
  otherField = (await insertField(t.db, t.orgB.organization.id, { key: 'power', dataType: 'Number' })).id;

  const now = Date.now();
  const rows = [...REGISTER, ['India', { power: '5' }] as [string, Values]].map(([name], index) => {
    const createdAt = new Date(now - (REGISTER.length + 1 - index) * 60_000);
    return {
      id: uuidv7(),
      organizationId: org,
      name,
      slug: `${name.toLowerCase()}-x`,
      createdAt,
      // Bravo was edited last; the others not since they were made.
      updatedAt: name === 'Bravo' ? new Date(now) : createdAt,
      retiredAt: name === 'India' ? new Date(now - 1000) : null,
    };
  });
  await t.db.insert(assets).values(rows);
  for (const row of rows) idOf.set(row.name, row.id);
  const values = [...REGISTER, ['India', { power: '5' }] as [string, Values]].flatMap(([name, own]) =>
    Object.entries(own).map(([key, value]) => ({
      organizationId: org,
      assetId: idOf.get(name)!,
      fieldId: fields[key as keyof Values],
      value,
    })),
  );
  await t.db.insert(assetFieldValues).values(values);
  await t.db.insert(maintenanceEvents).values([
    { organizationId: org, assetId: idOf.get('alpha')!, title: 'Open', taskStatus: 'Pending' },
    { organizationId: org, assetId: idOf.get('Bravo')!, title: 'Done', taskStatus: 'Completed' },
    { organizationId: org, assetId: idOf.get('charlie')!, title: 'Started', taskStatus: 'InProgress' },
  ]);
  await t.db.insert(assets).values({
    organizationId: t.orgB.organization.id,
    name: 'alpha of B',
    slug: 'alpha-of-b',
  });
});

const filter = (field: keyof Values, operator: TAssetFilterOperator, value: string) =>
  ['filter', filterParam({ fieldId: fields[field], operator, value })] as [string, string];

function url(params: [string, string][] = []) {
  return `/api/assets?${new URLSearchParams(params).toString()}`;
}

async function list(params: [string, string][] = [], headers = t.headers.memberA) {
  const response = await t.app.inject({ url: url(params), headers });
  expect(response.statusCode, response.body).toBe(200);
  return { items: response.json<TAssetListItem[]>(), total: response.headers['x-total-count'] };
}

const names = async (params: [string, string][] = []) => (await list(params)).items.map((item) => item.name);

describe('GET /api/assets: sorted', () => {
  it('by creation, newest first unless asked otherwise; by name A to Z whatever the case', async () => {
    expect(await names()).toEqual(NEWEST_FIRST);
    expect(await names([['order', 'asc']])).toEqual([...NEWEST_FIRST].reverse());
    expect(await names([['sort', 'name']])).toEqual(REGISTER.map(([name]) => name));
    expect(
      await names([
        ['sort', 'name'],
        ['order', 'desc'],
      ]),
    ).toEqual(NEWEST_FIRST);
  });

  it('by last update, the latest first', async () => {
    const updated = await names([['sort', 'updated']]);
    expect(updated[0]).toBe('Bravo');
    expect(updated.slice(1)).toEqual(NEWEST_FIRST.filter((name) => name !== 'Bravo'));
  });

  it('by a Number field as numbers, assets without a value last in either direction (newest first)', async () => {
    const sort: [string, string] = ['sort', `field:${fields.power}`];
    expect(await names([sort])).toEqual([
      'Delta',
      'Hotel',
      'Bravo',
      'alpha',
      'Foxtrot',
      'charlie',
      'golf',
      'echo',
    ]);
    expect(await names([sort, ['order', 'desc']])).toEqual([
      'charlie',
      'Foxtrot',
      'alpha',
      'Bravo',
      'Hotel',
      'Delta',
      'golf',
      'echo',
    ]);
  });

  it('by a Date field by date, equal dates in the order they were made, empties last', async () => {
    const sort: [string, string] = ['sort', `field:${fields.installed}`];
    expect(await names([sort])).toEqual([
      'golf',
      'Bravo',
      'alpha',
      'echo',
      'Hotel',
      'Delta',
      'Foxtrot',
      'charlie',
    ]);
    expect(await names([sort, ['order', 'desc']])).toEqual([
      'Delta',
      'Hotel',
      'echo',
      'alpha',
      'Bravo',
      'golf',
      'Foxtrot',
      'charlie',
    ]);
  });

  it('by a Text or Select field whatever the case, empties last', async () => {
    expect(await names([['sort', `field:${fields.serial}`]])).toEqual([
      'golf',
      'alpha',
      'Delta',
      'Bravo',
      'echo',
      'Hotel',
      'Foxtrot',
      'charlie',
    ]);
    expect(await names([['sort', `field:${fields.location}`]])).toEqual([
      'Bravo',
      'Foxtrot',
      'alpha',
      'Delta',
      'golf',
      'charlie',
      'Hotel',
      'echo',
    ]);
  });

  it('reads on with `after` through every sort, across the last value into the empties', async () => {
    for (const sort of ['created', 'updated', 'name', `field:${fields.power}`, `field:${fields.installed}`]) {
      for (const order of ['asc', 'desc']) {
        const whole = await names([
          ['sort', sort],
          ['order', order],
        ]);
        const read: string[] = [];
        let after: string | undefined;
        for (let page = 0; page < 5; page++) {
          const params: [string, string][] = [
            ['sort', sort],
            ['order', order],
            ['pageSize', '3'],
          ];
          if (after) params.push(['after', after]);
          const { items } = await list(params);
          read.push(...items.map((item) => item.name));
          if (items.length === 0) break;
          after = items.at(-1)?.id;
        }
        expect(read, `${sort} ${order}`).toEqual(whole);
      }
    }
  });

  it('pages by number across the last value', async () => {
    const sort: [string, string] = ['sort', `field:${fields.power}`];
    const page = async (pageSize: number, number: number) =>
      names([sort, ['pageSize', String(pageSize)], ['page', String(number)]]);
    expect(await page(4, 2)).toEqual(['Foxtrot', 'charlie', 'golf', 'echo']);
    expect(await page(3, 3)).toEqual(['golf', 'echo']);
    expect(await page(2, 4)).toEqual(['golf', 'echo']);
    expect(await page(1, 8)).toEqual(['echo']);
    expect(await page(1, 9)).toEqual([]);
  });
});

describe('GET /api/assets: filtered', () => {
  it('by a Select field, any of the options (whatever their case)', async () => {
    const { items, total } = await list([
      filter('location', 'any', 'roof'),
      filter('location', 'any', 'Basement'),
    ]);
    expect(items.map((item) => item.name)).toEqual(['golf', 'Foxtrot', 'Delta', 'Bravo', 'alpha']);
    expect(total).toBe('5');
  });

  it('by a Number range, bounds included, numbers compared as numbers', async () => {
    expect(await names([filter('power', 'min', '0'), filter('power', 'max', '10')])).toEqual([
      'Hotel',
      'Bravo',
      'alpha',
    ]);
    expect(await names([filter('power', 'min', '10')])).toEqual(['Foxtrot', 'charlie', 'alpha']);
    expect(await names([filter('power', 'max', '-1')])).toEqual(['Delta']);
  });

  it('by a Date range, a Boolean and a Text it contains (literally, whatever the case)', async () => {
    expect(
      await names([filter('installed', 'min', '2024-01-01'), filter('installed', 'max', '2024-12-31')]),
    ).toEqual(['Hotel', 'echo', 'alpha']);
    expect(await names([filter('critical', 'is', 'true')])).toEqual(['golf', 'charlie', 'alpha']);
    expect(await names([filter('critical', 'is', 'false')])).toEqual(['Hotel', 'echo', 'Bravo']);
    expect(await names([filter('serial', 'contains', 'aa')])).toEqual(['Delta', 'alpha']);
    expect(await names([filter('serial', 'contains', '%_')])).toEqual(['golf']);
  });

  it('by open tasks: with a pending or started task, or without one', async () => {
    expect(await names([['openTasks', 'true']])).toEqual(['charlie', 'alpha']);
    expect(await names([['openTasks', 'false']])).toEqual(
      NEWEST_FIRST.filter((n) => !['charlie', 'alpha'].includes(n)),
    );
  });

  it('by several filters at once, with a search, in any order', async () => {
    const roofAndCritical = [filter('location', 'any', 'Roof'), filter('critical', 'is', 'true')];
    expect(await names(roofAndCritical)).toEqual(['golf', 'alpha']);
    expect(await names([...roofAndCritical, ['sort', `field:${fields.power}`]])).toEqual(['alpha', 'golf']);
    expect(await names([...roofAndCritical, ['search', 'GOL']])).toEqual(['golf']);
    expect(
      await names([filter('power', 'min', '9'), ['sort', `field:${fields.power}`], ['order', 'desc']]),
    ).toEqual(['charlie', 'Foxtrot', 'alpha', 'Bravo']);
    expect(
      await names([
        filter('location', 'any', 'Yard'),
        ['openTasks', 'true'],
        ['sort', 'name'],
        ['search', 'c'],
      ]),
    ).toEqual(['charlie']);
  });

  it('with the values of the custom field columns asked for, none of another organization', async () => {
    const { items } = await list([
      ['sort', 'name'],
      ['columns', fields.power],
      ['columns', fields.location],
      ['columns', otherField],
    ]);
    expect(items[0]?.values).toEqual({ [fields.power]: '10', [fields.location]: 'Roof' });
    expect(items.find((item) => item.name === 'echo')?.values).toEqual({});
    expect((await list([['sort', 'name']])).items[0]?.values).toEqual({});
  });
});

describe('GET /api/assets: status', () => {
  it('shows the assets in service, the retired ones (newest retired first) or all', async () => {
    expect(await names()).not.toContain('India');
    const retired = await list([['status', 'retired']]);
    expect(retired.items.map((item) => item.name)).toEqual(['India']);
    expect(retired.items[0]?.retiredAt).toEqual(expect.any(String));
    expect(retired.total).toBe('1');
    expect(
      await names([
        ['status', 'retired'],
        ['sort', 'retired'],
        ['order', 'asc'],
      ]),
    ).toEqual(['India']);
    const all = await list([['status', 'all']]);
    expect(all.items.map((item) => item.name)).toEqual(['India', ...NEWEST_FIRST]);
    expect(all.total).toBe('9');
    expect(
      await names([
        ['status', 'all'],
        ['sort', 'name'],
        ['order', 'desc'],
        ['pageSize', '2'],
        ['page', '2'],
      ]),
    ).toEqual(['golf', 'Foxtrot']);
    expect(
      await names([['status', 'all'], ['sort', `field:${fields.power}`], filter('power', 'max', '9')]),
    ).toEqual(['Delta', 'Hotel', 'India', 'Bravo']);
    expect(
      await names([
        ['status', 'retired'],
        ['sort', `field:${fields.power}`],
      ]),
    ).toEqual(['India']);
  });
});

describe('GET /api/assets: refused views', () => {
  const refused = async (params: [string, string][], status: number, message?: string) => {
    const response = await t.app.inject({ url: url(params), headers: t.headers.memberA });
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<{ message: string; fields?: { message: string }[] }>();
    // A contract's rule names the parameter in `fields`; a rule of the organization's fields says it whole.
    if (message)
      expect([body.message, ...(body.fields ?? []).map((field) => field.message)]).toContain(message);
  };

  it('answer 400 with what to change', async () => {
    await refused([['filter', 'location:any:Roof']], 400, ASSET_LIST_MESSAGES.filterInvalid);
    await refused([['filter', `${fields.power}:between:1`]], 400, ASSET_LIST_MESSAGES.filterInvalid);
    await refused(
      [filter('location', 'min', '1')],
      400,
      ASSET_LIST_MESSAGES.operatorForType('location', 'Select'),
    );
    await refused([filter('power', 'any', '1')], 400, ASSET_LIST_MESSAGES.operatorForType('power', 'Number'));
    await refused(
      [filter('serial', 'is', 'true')],
      400,
      ASSET_LIST_MESSAGES.operatorForType('serial', 'Text'),
    );
    await refused([filter('power', 'min', 'ten')], 400, ASSET_LIST_MESSAGES.numberBound('power'));
    await refused(
      [filter('installed', 'max', '2024-02-30')],
      400,
      ASSET_LIST_MESSAGES.dateBound('installed'),
    );
    await refused(
      [filter('power', 'min', '5'), filter('power', 'max', '1')],
      400,
      ASSET_LIST_MESSAGES.rangeReversed('power'),
    );
    await refused(
      [filter('power', 'min', '5'), filter('power', 'min', '6')],
      400,
      ASSET_LIST_MESSAGES.oneOfEach,
    );
    await refused([filter('critical', 'is', 'yes')], 400);
    await refused([filter('serial', 'contains', '   ')], 400);
    await refused([filter('serial', 'contains', 'x'.repeat(201))], 400);
    await refused(
      Array.from({ length: 51 }, () => filter('location', 'any', 'Roof')),
      400,
    );
    await refused([['sort', 'size']], 400, ASSET_LIST_MESSAGES.sortInvalid);
    await refused([['sort', 'retired']], 400, ASSET_LIST_MESSAGES.retiredSortNeedsRetired);
    await refused([['status', 'archived']], 400);
    await refused([['openTasks', 'yes']], 400);
  });

  it('send the id and values of each refusal, for the client to word it (ADR 113)', async () => {
    const said = async (params: [string, string][]) => {
      const response = await t.app.inject({ url: url(params), headers: t.headers.memberA });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ messageId?: string; values?: object; fields?: object[] }>();
      return { messageId: body.messageId, values: body.values, fields: body.fields };
    };
    expect(await said([filter('power', 'any', '1')])).toEqual({
      messageId: 'assetList.operatorForType',
      values: { label: 'power', dataType: 'Number' },
      fields: [
        {
          path: 'filter',
          message: '“power” is a Number field: filter it with min and max.',
          messageId: 'assetList.operatorForType',
          values: { label: 'power', dataType: 'Number' },
        },
      ],
    });
    expect(await said([filter('installed', 'min', 'soon')])).toMatchObject({
      messageId: 'assetList.dateBound',
      values: { label: 'installed' },
    });
    expect(await said([filter('power', 'min', '5'), filter('power', 'max', '1')])).toMatchObject({
      messageId: 'assetList.rangeReversed',
      values: { label: 'power' },
    });
    // A rule of the contract's schema: found from its English, its values with it.
    expect((await said([['sort', 'size']])).fields).toEqual([
      {
        path: 'sort',
        message: ASSET_LIST_MESSAGES.sortInvalid,
        messageId: 'assetList.sortInvalid',
        values: { columns: 'created, updated, name, retired' },
      },
    ]);
  });

  it('answer 404 for a field of another organization, or of no one', async () => {
    await refused([['sort', `field:${otherField}`]], 404, 'Field not found.');
    await refused([['filter', `${otherField}:min:1`]], 404, 'Field not found.');
    await refused([['filter', `${uuidv7()}:contains:x`]], 404, 'Field not found.');
    // Organization B's own field works for B, on B's assets only.
    const response = await t.app.inject({
      url: url([['sort', `field:${otherField}`]]),
      headers: t.headers.memberB,
    });
    expect(response.json().map((item: TAssetListItem) => item.name)).toEqual(['alpha of B']);
  });
});

describe('GET /api/exports/assets.csv with the list’s view', () => {
  it('exports what the list shows, in its order', async () => {
    const params = new URLSearchParams([
      filter('location', 'any', 'Roof'),
      filter('location', 'any', 'Yard'),
      ['sort', `field:${fields.power}`],
      ['order', 'desc'],
    ]);
    const response = await t.app.inject({
      url: `/api/exports/assets.csv?${params}`,
      headers: t.headers.memberA,
    });
    expect(response.statusCode).toBe(200);
    const records: string[][] = parse(response.body, { bom: true });
    expect(records.slice(1).map((record) => record[1])).toEqual([
      'charlie',
      'alpha',
      'Hotel',
      'Delta',
      'golf',
    ]);
  });

  it('refuses a bad view before the download starts', async () => {
    const response = await t.app.inject({
      url: `/api/exports/assets.csv?sort=field:${otherField}`,
      headers: t.headers.memberA,
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});

describe('POST /api/exports/assets.csv with a selection', () => {
  const post = (payload: object, headers = t.headers.memberA) =>
    t.app.inject({ method: 'POST', url: '/api/exports/assets.csv', headers, payload });
  const namesIn = (body: string) =>
    (parse(body, { bom: true }) as string[][]).slice(1).map((record) => record[1]);

  it('exports the ticked assets in the order given, or all the view shows', async () => {
    const ticked = await post({ assetIds: [idOf.get('golf'), idOf.get('alpha'), idOf.get('golf')] });
    expect(ticked.statusCode).toBe(200);
    expect(namesIn(ticked.body)).toEqual(['golf', 'alpha']);
    const viewed = await post({ query: { sort: 'name', filter: [`${fields.critical}:is:false`] } });
    expect(namesIn(viewed.body)).toEqual(['Bravo', 'echo', 'Hotel']);
  });

  it('answers 404 for an asset of another organization, 400 for no selection, before any file', async () => {
    const [ofB] = await t.db.select({ id: assets.id }).from(assets).where(eq(assets.name, 'alpha of B'));
    const foreign = await post({ assetIds: [idOf.get('alpha'), ofB!.id] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/json/);
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ assetIds: [ofB!.id] }, t.headers.memberB)).statusCode).toBe(200);
  });
});

describe('POST /api/labels with the list’s view', () => {
  it('prints the assets the view shows, in its order, and refuses a view that shows none', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/labels', headers: t.headers.memberA, payload });
    const printed = await post({
      query: { sort: 'name', order: 'desc', filter: [`${fields.location}:any:Roof`] },
      layout: 'avery-l7160',
    });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    const none = await post({ query: { search: 'nothing like it' }, layout: 'avery-l7160' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toMatchObject([{ path: 'query', message: LABEL_MESSAGES.noneInView }]);
    const foreign = await post({ query: { sort: `field:${otherField}` }, layout: 'avery-l7160' });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/assets: any view of real fields', () => {
  it('answers every combination of field, operator and value with a page or a 4xx, never a 5xx', async () => {
    const values = fc.oneof(
      fc.constantFrom('1', '-2.5', '0', '2024-05-01', 'true', 'false', 'Roof', 'roof', '%', '_', '\\'),
      fc.constantFrom(...HOSTILE_TEXT.filter((text) => text.length <= 300)),
      fc.string({ maxLength: 30 }),
      fc.stringMatching(/^-?\d{1,120}(\.\d{1,5})?$/),
    );
    const term = fc
      .tuple(fc.constantFrom(...Object.values(fields)), fc.constantFrom(...ASSET_FILTER_OPERATORS), values)
      .map(([fieldId, operator, value]) => filterParam({ fieldId, operator, value }));
    const view = fc.record({
      terms: fc.array(term, { maxLength: 4 }),
      sort: fc.constantFrom(
        'created',
        'updated',
        'name',
        ...Object.values(fields).map((id) => `field:${id}`),
      ),
      order: fc.constantFrom('asc', 'desc'),
      status: fc.constantFrom('active', 'retired', 'all'),
      after: fc.option(fc.constantFrom(...idOf.values()), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(view, async ({ terms, sort, order, status, after }) => {
        const params: [string, string][] = [...terms.map((t): [string, string] => ['filter', t])];
        params.push(['sort', sort], ['order', order], ['status', status]);
        if (after) params.push(['after', after]);
        const response = await t.app.inject({ url: url(params), headers: t.headers.memberA });
        expect(response.statusCode, `${url(params)} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
