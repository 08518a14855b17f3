import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { activateLocale } from './i18n.ts';
import './zod-language.ts';

describe('zod’s own messages follow the active language (ADR 113)', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('a field with no message of ours is refused in German for a German reader', async () => {
    await activateLocale('de');
    const issue = z.string().min(3).safeParse('a').error?.issues[0];
    expect(issue?.message).toMatch(/zu klein|Zu klein/);
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(z.string().min(3).safeParse('a').error?.issues[0]?.message).toMatch(/Too small/);
  });
});
