import pg from 'pg';
import { openDatabase } from './db/client.ts';

const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
await admin.connect();
await admin.query('drop database if exists mqr_audit_tmp');
await admin.query('create database mqr_audit_tmp');
await admin.end();
const h = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/mqr_audit_tmp' });
await h.migrate();
await h.close();
const c = new pg.Client('postgres://postgres@127.0.0.1:5432/mqr_audit_tmp');
await c.connect();
const { rows } = await c.query(`
select t.relname as table, i.relname as index, ix.indisprimary as pk, ix.indisunique as uniq,
  array(select a.attname from unnest(ix.indkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n order by o) as cols,
  pg_get_expr(ix.indpred, t.oid) as pred, pg_get_indexdef(i.oid) as def
from pg_index ix join pg_class t on t.oid = ix.indrelid join pg_class i on i.oid = ix.indexrelid
where t.relnamespace = 'public'::regnamespace and (ix.indisunique) order by 1, 3 desc, 2`);
for (const r of rows)
  console.log(
    `${r.table}\t${r.pk ? 'PK' : 'UNIQUE'}\t${r.index}\t${r.def.includes('organization_id') ? 'org' : 'NO-ORG'}\t${r.def.replace(/^CREATE UNIQUE INDEX \S+ ON public\.\S+ USING btree /, '')}`,
  );
const fks = await c.query(
  `select conrelid::regclass as t, conname, pg_get_constraintdef(oid) as def from pg_constraint where contype='f' and connamespace='public'::regnamespace order by 1,2`,
);
console.log('--- FKs');
for (const r of fks.rows)
  console.log(`${r.t}\t${r.def.includes('organization_id') ? 'org' : 'NO-ORG'}\t${r.def}`);
const trg = await c.query(
  `select tgrelid::regclass as t, tgname, p.proname from pg_trigger g join pg_proc p on p.oid = g.tgfoid where not tgisinternal order by 1,2`,
);
console.log('--- triggers');
for (const r of trg.rows) console.log(`${r.t}\t${r.tgname}\t${r.proname}`);
const rls = await c.query(
  `select relname, relrowsecurity from pg_class where relnamespace='public'::regnamespace and relkind='r' order by 1`,
);
console.log('--- rls');
console.log(
  rls.rows
    .filter((r) => !r.relrowsecurity)
    .map((r) => r.relname)
    .join(', '),
);
await c.end();
