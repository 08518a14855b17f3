import { describe, expect, it } from 'vitest';
import { keepReturnPath, keptReturnPath, safeReturnPath, signInPathFrom } from './return-path.ts';

const ORIGIN = 'https://mqr.example.com';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnPath('/assets?status=retired&search=pump%201#list', ORIGIN)).toBe(
      '/assets?status=retired&search=pump%201#list',
    );
    expect(safeReturnPath('/dashboard?due=overdue#pending-tasks', ORIGIN)).toBe(
      '/dashboard?due=overdue#pending-tasks',
    );
    expect(safeReturnPath('/assets/../calendar', ORIGIN)).toBe('/calendar');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/',
      'http:/evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      ' /assets',
      '/assets\n',
      '/.//evil.example',
      '/%2e//evil.example',
      'assets',
      '',
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(value, ORIGIN), String(value)).toBeNull();
    }
  });

  it('never returns to the sign-in pages themselves', () => {
    expect(safeReturnPath('/login', ORIGIN)).toBeNull();
    expect(safeReturnPath('/login?next=/assets', ORIGIN)).toBeNull();
    expect(safeReturnPath('/login/sso', ORIGIN)).toBeNull();
    expect(safeReturnPath('/loginx', ORIGIN)).toBe('/loginx');
  });
});

describe('signInPathFrom', () => {
  it('names the page to return to, encoded, except the home page', () => {
    expect(signInPathFrom('/assets?status=retired&page=2')).toBe(
      '/login?next=%2Fassets%3Fstatus%3Dretired%26page%3D2',
    );
    expect(signInPathFrom('/')).toBe('/login');
  });
});

describe('the return path kept across single sign-on', () => {
  it('is read only when it is a path of this site, and forgotten when asked', () => {
    keepReturnPath('/calendar?view=agenda');
    expect(keptReturnPath(ORIGIN)).toBe('/calendar?view=agenda');
    keepReturnPath(null);
    expect(keptReturnPath(ORIGIN)).toBeNull();
    sessionStorage.setItem('mqr.sign-in-return', '//evil.example');
    expect(keptReturnPath(ORIGIN)).toBeNull();
  });
});
