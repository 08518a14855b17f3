import { DIGEST_SECTION_LIMIT } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { buildDigests, type DigestRow } from './digest.ts';
import { renderDigest } from './digest-message.ts';

const links = { publicBaseUrl: 'https://mqr.example.com' };

function row(overrides: Partial<DigestRow>): DigestRow {
  return {
    userId: 'u-admin',
    email: 'admin@example.com',
    displayName: 'Ada',
    taskId: 't',
    assetId: 'a',
    assetName: 'Pump',
    title: 'Check',
    dueOn: '2026-03-10',
    unassigned: false,
    section: 1,
    sectionTotal: 1,
    ...overrides,
  };
}

describe('buildDigests', () => {
  it('gives an administrator their own tasks and the unassigned ones, each section by due date, counted whole', () => {
    const rows = [
      row({ taskId: 't1', dueOn: '2026-03-08', section: 0, sectionTotal: 1 }),
      row({ taskId: 't2', dueOn: '2026-03-01', section: 0, sectionTotal: 70, unassigned: true }),
      row({ taskId: 't3', dueOn: '2026-03-02', section: 0, sectionTotal: 70, unassigned: true }),
      row({
        taskId: 't4',
        dueOn: '2026-03-12',
        section: 2,
        sectionTotal: 1,
        userId: 'u-sam',
        email: 'sam@example.com',
      }),
    ];
    const [ada, sam] = buildDigests(rows, { organizationName: 'Acme', localDate: '2026-03-10' });
    expect(ada).toMatchObject({ userId: 'u-admin', email: 'admin@example.com' });
    expect(ada!.content.sections.overdue.total).toBe(71);
    expect(ada!.content.sections.overdue.tasks.map((task) => task.taskId)).toEqual(['t2', 't3', 't1']);
    expect(ada!.content.sections.dueToday).toEqual({ total: 0, tasks: [] });
    expect(sam!.content.sections.dueSoon.tasks.map((task) => task.taskId)).toEqual(['t4']);
  });

  it('lists at most the section limit', () => {
    const rows = Array.from({ length: DIGEST_SECTION_LIMIT * 2 }, (_, i) =>
      row({ taskId: `t${String(i).padStart(3, '0')}`, unassigned: i % 2 === 0, sectionTotal: 400 }),
    );
    const [digest] = buildDigests(rows, { organizationName: 'Acme', localDate: '2026-03-10' });
    expect(digest!.content.sections.dueToday.tasks).toHaveLength(DIGEST_SECTION_LIMIT);
    expect(digest!.content.sections.dueToday.total).toBe(800);
  });
});

describe('renderDigest', () => {
  const hostile = '<script>alert("x")</script> & co';
  const [digest] = buildDigests(
    [
      row({ assetName: hostile, title: `Fix <b>it</b>`, section: 0, sectionTotal: 3, dueOn: '2026-03-02' }),
      row({
        taskId: 't2',
        assetId: 'a2',
        assetName: 'Boiler',
        title: 'Service',
        section: 2,
        sectionTotal: 1,
        dueOn: '2026-03-15',
        unassigned: true,
      }),
    ],
    { organizationName: 'Acme & Sons', localDate: '2026-03-10' },
  );
  const message = renderDigest(digest!.content, links);

  it('names the organization and the counts of the sections that have tasks in its subject', () => {
    expect(message.subject).toBe('Acme & Sons: 3 overdue, 1 due soon');
  });

  it('writes the plain text as it is, with the links and the rest counted', () => {
    expect(message.text).toContain(
      `Overdue (3)\n- ${hostile}: Fix <b>it</b> (due Mar 2, 2026)\n  https://mqr.example.com/assets/a\n…and 2 more.`,
    );
    expect(message.text).toContain(
      'Due soon (1)\n- Boiler: Service (due Mar 15, 2026, not assigned to anyone)',
    );
    expect(message.text).not.toContain('Due today');
    expect(message.text).toContain(
      'See every open task on your dashboard: https://mqr.example.com/dashboard',
    );
  });

  it('escapes every text in the HTML part', () => {
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain('<b>it</b>');
    expect(message.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(message.html).toContain('<title>Acme &amp; Sons: 3 overdue, 1 due soon</title>');
    expect(message.html).toContain('<a href="https://mqr.example.com/profile">Turn off the daily digest</a>');
  });
});
