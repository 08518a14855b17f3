import { describe, expect, it } from 'vitest';
import { parseHostList } from './host-list.ts';

describe('parseHostList (libpq multi-host connection strings, ADR 132)', () => {
  it('gives each host a connection string of its own, with the rest alike and target_session_attrs taken out', () => {
    expect(
      parseHostList(
        'postgres://app:s%40cret@10.0.0.1:5441,db2,[::1]:5443/mqr?target_session_attrs=read-write&sslmode=require',
      ),
    ).toEqual({
      urls: [
        'postgres://app:s%40cret@10.0.0.1:5441/mqr?sslmode=require',
        'postgres://app:s%40cret@db2:5432/mqr?sslmode=require',
        'postgres://app:s%40cret@[::1]:5443/mqr?sslmode=require',
      ],
      names: ['10.0.0.1:5441', 'db2:5432', '[::1]:5443'],
      readWrite: true,
    });
  });

  it('leaves a one-host string as it is', () => {
    expect(parseHostList('postgresql://postgres@127.0.0.1:5432/postgres')).toEqual({
      urls: ['postgresql://postgres@127.0.0.1:5432/postgres'],
      names: ['127.0.0.1:5432'],
      readWrite: false,
    });
    expect(parseHostList('postgres://u@h/db?target_session_attrs=primary').readWrite).toBe(true);
  });

  it('refuses a list without read-write, other session attributes, empty hosts and non-URLs', () => {
    expect(() => parseHostList('postgres://u@a:1,b:2/db')).toThrow(/target_session_attrs=read-write/);
    expect(() => parseHostList('postgres://u@a:1,b:2/db?target_session_attrs=standby')).toThrow(
      /standby is not supported/,
    );
    expect(() => parseHostList('postgres://u@a:1,,b:2/db?target_session_attrs=read-write')).toThrow(/empty/);
    expect(() => parseHostList('mysql://u@a/db')).toThrow(/postgres:\/\//);
    expect(() => parseHostList('postgres://u@a:99999/db')).toThrow(/postgres:\/\//);
  });

  it('reads a replica list (DATABASE_READ_URL) without target_session_attrs, or with standby only (ADR 141)', () => {
    expect(parseHostList('postgres://app@r1,r2:5433/mqr', 'standby')).toEqual({
      urls: ['postgres://app@r1:5432/mqr', 'postgres://app@r2:5433/mqr'],
      names: ['r1:5432', 'r2:5433'],
      readWrite: false,
    });
    expect(
      parseHostList('postgres://app@r1/mqr?target_session_attrs=standby&sslmode=require', 'standby'),
    ).toEqual({ urls: ['postgres://app@r1/mqr?sslmode=require'], names: ['r1'], readWrite: false });
    for (const target of ['any', 'read-write', 'primary', 'prefer-standby']) {
      expect(() =>
        parseHostList(`postgres://app@r1,r2/mqr?target_session_attrs=${target}`, 'standby'),
      ).toThrow(`target_session_attrs=${target} is not supported here`);
    }
  });
});
