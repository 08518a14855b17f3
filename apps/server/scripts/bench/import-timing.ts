// The import benchmark: a register of N assets (three custom fields, one of them a Select), then a
// maintenance history of N events of those assets, each uploaded, checked and committed through the
// API of the real server, as an administrator does from the screen.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { importRuns, organizations, users } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { BENCH_PASSWORD } from './dataset.ts';
import type { RunningProcess } from './processes.ts';

const IMPORT_ORGANIZATION = 'Bench import';
export const IMPORT_ADMIN = 'bench-import@example.com';

/**
 * The organization the import lands in, made when missing, emptied of what an earlier run imported
 * (its assets and events, their values and audit entries, the events' roll-ups, its fields and
 * imports) so each run imports anew.
 */
export async function prepareImportOrganization(db: Db): Promise<void> {
  let [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, IMPORT_ORGANIZATION));
  if (!organization) {
    [organization] = await db
      .insert(organizations)
      .values({ name: IMPORT_ORGANIZATION })
      .returning({ id: organizations.id });
    await db.insert(users).values({
      organizationId: organization!.id,
      email: IMPORT_ADMIN,
      displayName: 'Bench importer',
      passwordHash: await hashPassword(BENCH_PASSWORD),
      isAdmin: true,
    });
  }
  const id = organization!.id;
  // The foreign keys on assets are checked by asset id alone, which no index of the big tenant's
  // millions of events leads with: deleting 50,000 assets row by row would scan them 50,000 times.
  // The imported assets have no files (but the checklists' row's task has), so the cleanup runs without the foreign key and count
  // triggers (replica role, which skips the imports' cascades too), then clears the organization's
  // kept counts, roll-ups and its imports' rows itself.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const table of [
      'audit_log_entries',
      'event_field_values',
      // The checklists' row (checklist-timing.ts): its template, answers and their images' rows.
      'checklist_responses',
      'files',
      'checklist_template_versions',
      'checklist_templates',
      'maintenance_events',
      'completion_rollups',
      'completion_quarter_hours',
      'active_job_tallies',
      'asset_field_values',
      'asset_event_counts',
      'assets',
      'field_definitions',
      'organization_asset_counts',
      'import_problems',
      'import_rows',
    ]) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where organization_id = ${id}`);
    }
    await tx.delete(importRuns).where(eq(importRuns.organizationId, id));
  });
}

/** The slug of the register's asset `i` (1-based). */
export const registerSlug = (i: number) => `imported-pump-${i}`;

/** A CSV of `rows` assets: slug, name, serial, a room (Select of 40 values, column 3) and an install date. */
export function registerCsv(rows: number): string {
  const lines = ['Slug,Name,Serial,Room,Installed'];
  for (let i = 1; i <= rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`${registerSlug(i)},Imported pump ${i},SN-${100000 + i},Room ${i % 40},2024-03-${day}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A logbook of `rows` past events over the register's first `assets` assets (round robin): a title,
 * a date or a date-time, a status (mostly done, some open), notes and a cost (column 5, a new
 * Number field).
 */
export function historyCsv(rows: number, assets: number): string {
  const lines = ['Asset slug,Title,Performed at,Status,Notes,Cost'];
  const statuses = ['Done', 'Done', 'Done', 'In progress', 'Pending', ''];
  for (let i = 1; i <= rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const when = i % 2 ? `2023-0${(i % 9) + 1}-${day}` : `2023-0${(i % 9) + 1}-${day}T0${i % 10}:30:00Z`;
    const slug = registerSlug((i % assets) + 1);
    lines.push(
      `${slug},Service ${i},${when},${statuses[i % statuses.length]},Checked and logged,${i % 500}.50`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface ImportRunJson {
  id: string;
  status: string;
  mapping: { kind: string; fieldId?: string; label?: string; key?: string; dataType?: string }[];
  createdCount: number;
  problemCount: number;
  error: string | null;
}

/** The Authorization header of the import organization's administrator, signed in through the API. */
export async function signInImportAdmin(server: RunningProcess): Promise<string> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: IMPORT_ADMIN, password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`Sign-in of ${IMPORT_ADMIN} answered ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return `Bearer ${accessToken}`;
}

/**
 * Upload, check and commit of `csv` (of a kind, with the column that `selectColumn` names imported as
 * a new Select field and `numberColumn` as a new Number field) through the API; the seconds of each,
 * the records created, and the import itself (its id, and its mapping with the fields it went to).
 * With `checkOnly`, stops once the check has passed (nothing committed).
 */
export async function timeImport(
  server: RunningProcess,
  csv: string | Blob,
  options: {
    kind: 'assets' | 'events';
    selectColumn?: number;
    numberColumn?: number;
    /** A column whose new field shows on the public page (imports make new fields internal). */
    publicColumn?: number;
    checkOnly?: boolean;
  },
) {
  const authorization = await signInImportAdmin(server);
  const call = async (method: string, path: string, body?: string | FormData, json = false) => {
    const response = await fetch(`${server.url}/api/admin/imports${path}`, {
      method,
      headers: json ? { authorization, 'content-type': 'application/json' } : { authorization },
      body,
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as ImportRunJson;
  };
  const settled = async (id: string) => {
    for (;;) {
      const run = await call('GET', `/${id}`);
      if (run.status !== 'Checking' && run.status !== 'Importing') return run;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const started = performance.now();
  const form = new FormData();
  form.append(
    'file',
    csv instanceof Blob ? csv : new Blob([csv], { type: 'text/csv' }),
    `${options.kind}.csv`,
  );
  const run = await call('POST', `?kind=${options.kind}`, form);
  const uploaded = performance.now();
  // The types an administrator would choose: a Select's values become its options.
  const mapping = run.mapping.map((target, column) => {
    if (column === options.selectColumn) return { ...target, dataType: 'Select' };
    if (column === options.numberColumn) return { ...target, dataType: 'Number' };
    if (column === options.publicColumn) return { ...target, isPublic: true };
    return target;
  });
  await call('PUT', `/${run.id}/mapping`, JSON.stringify({ columns: mapping }), true);
  await call('POST', `/${run.id}/check`);
  const checked = await settled(run.id);
  if (checked.status !== 'Checked' || checked.problemCount > 0)
    throw new Error(`The check answered ${JSON.stringify(checked)}`);
  const checkedAt = performance.now();
  if (options.checkOnly) {
    const seconds = (from: number, to: number) => (to - from) / 1000;
    return {
      uploadSeconds: seconds(started, uploaded),
      checkSeconds: seconds(uploaded, checkedAt),
      commitSeconds: 0,
      totalSeconds: seconds(started, checkedAt),
      created: 0,
      run: checked,
    };
  }
  await call('POST', `/${run.id}/commit`);
  const done = await settled(run.id);
  if (done.status !== 'Done') throw new Error(`The import ended ${done.status}: ${done.error}`);
  const finished = performance.now();
  return {
    uploadSeconds: (uploaded - started) / 1000,
    checkSeconds: (checkedAt - uploaded) / 1000,
    commitSeconds: (finished - checkedAt) / 1000,
    totalSeconds: (finished - started) / 1000,
    created: done.createdCount,
    run: done,
  };
}
