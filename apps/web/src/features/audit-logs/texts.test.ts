import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '#web/lib/i18n.ts';
import { activityCount } from './components/activity-timeline.tsx';
import { auditActionLabel, auditActorName, auditEntityLabel, describeAuditChanges } from './texts.ts';

const renamed = '{"changes":{"displayName":{"from":"Sam","to":"Samuel"},"Serial":{"from":null,"to":"A-1"}}}';

describe('audit entries in words', () => {
  afterEach(() => activateLocale('en'));

  it('reads as docs/product/audit-log.md says, in English', () => {
    expect(auditActionLabel('START_TASK')).toBe('Started Task');
    expect(auditActionLabel('ARCHIVE')).toBe('ARCHIVE');
    expect(auditEntityLabel('AppUser')).toBe('User');
    expect(describeAuditChanges(renamed)).toBe('displayName: Sam → Samuel, Serial: (empty) → A-1');
    expect(describeAuditChanges('{"status":"InProgress"}')).toBe('Task inprogress');
    expect(describeAuditChanges('{"status":"Archived"}')).toBe('Task archived');
    expect(describeAuditChanges(null)).toBe('No details available');
    expect(activityCount(1)).toBe('1 activity in total');
    expect(activityCount(1234)).toBe('1,234 activities in total');
    expect(activityCount(10_000, true)).toBe('10,000+ activities in total');
    expect(auditActorName('system')).toBe('system');
    expect(auditActorName('Sam')).toBe('Sam');
    expect(auditActorName(null)).toBe('—');
  });

  it('words actions, entity types, known field names and counts in the active language', async () => {
    await activateLocale('de');
    expect(auditActionLabel('START_TASK')).toBe('Aufgabe begonnen');
    expect(auditActionLabel('ARCHIVE')).toBe('ARCHIVE');
    expect(auditEntityLabel('AppUser')).toBe('Benutzer');
    // A custom field is recorded by its label: shown as it is.
    expect(describeAuditChanges(renamed)).toBe('Anzeigename: Sam → Samuel, Serial: (leer) → A-1');
    expect(describeAuditChanges('{"status":"Completed"}')).toBe('Aufgabe abgeschlossen');
    expect(activityCount(1)).toBe('1 Aktivität insgesamt');
    expect(activityCount(1234)).toBe('1.234 Aktivitäten insgesamt');
    expect(activityCount(10_000, true)).toBe('10.000+ Aktivitäten insgesamt');
    expect(auditActorName('system')).toBe('System');
  });

  it('words the values the server records and leaves the users’ own as they are', async () => {
    const sample = '{"changes":{"Sample data":{"from":null,"to":"30 assets added"}}}';
    const retired =
      '{"changes":{"Status":{"from":"In service","to":"Retired"},"isAdmin":{"from":false,"to":true}}}';
    const secret =
      '{"changes":{"ssoClientSecret":{"from":"[hidden]","to":"[changed]"},"Model":{"from":"Retired","to":"X"}}}';
    expect(describeAuditChanges(sample)).toBe('Sample data: (empty) → 30 assets added');
    expect(describeAuditChanges(retired)).toBe('Status: In service → Retired, isAdmin: false → true');
    await activateLocale('de');
    expect(describeAuditChanges(sample)).toBe('Beispieldaten: (leer) → 30 Objekte hinzugefügt');
    expect(describeAuditChanges(retired)).toBe('Status: In Betrieb → Ausgemustert, Admin: nein → ja');
    // A custom field's value is the user's own, even when it reads like one of the server's words.
    expect(describeAuditChanges(secret)).toBe(
      'SSO-Client-Geheimnis: [verborgen] → [geändert], Model: Retired → X',
    );
  });
});
