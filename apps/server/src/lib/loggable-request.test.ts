import { describe, expect, it } from 'vitest';
import { loggableUrl } from './loggable-request.ts';

describe('loggableUrl', () => {
  const secretPaths = ['/public/calendar/'];

  it('masks every query value, keeping the names, and a bare name whole', () => {
    expect(loggableUrl('/login/sso?code=abc&state=def&iss=http%3A%2F%2Fidp', secretPaths)).toBe(
      '/login/sso?code=[redacted]&state=[redacted]&iss=[redacted]',
    );
    expect(loggableUrl('/api/assets?mqr_secret&page=2', secretPaths)).toBe(
      '/api/assets?[redacted]&page=[redacted]',
    );
    expect(loggableUrl('/api/assets?', secretPaths)).toBe('/api/assets?');
    expect(loggableUrl('/api/assets', secretPaths)).toBe('/api/assets');
  });

  it('keeps the start of a secret path and masks the rest, however it is spelt', () => {
    for (const url of [
      '/public/calendar/AbC_123-xyz.ics',
      '/public/%63alendar/AbC_123-xyz.ics',
      '/public/calendar/AbC_123-xyz.ics/more',
    ]) {
      expect(loggableUrl(url, secretPaths), url).toBe('/public/calendar/[redacted]');
    }
    expect(loggableUrl('/public/calendar/x.ics?v=1', secretPaths)).toBe(
      '/public/calendar/[redacted]?v=[redacted]',
    );
    expect(loggableUrl('/public/orgs/1/logo', secretPaths)).toBe('/public/orgs/1/logo');
    // A malformed escape is compared as written.
    expect(loggableUrl('/public/calendar/%E0%A4%A', secretPaths)).toBe('/public/calendar/[redacted]');
  });
});
