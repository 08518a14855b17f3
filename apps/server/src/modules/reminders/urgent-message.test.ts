import { describe, expect, it } from 'vitest';
import { renderUrgentTask } from './urgent-message.ts';

const content = {
  eventId: 'e1',
  assetId: 'a1',
  assetName: 'Press 7',
  title: 'Guard <broken>',
  dueOn: '2026-12-01',
  actorName: 'Ann',
  recipientName: 'Bo',
  organizationName: 'Acme',
};
const links = { publicBaseUrl: 'https://mqr.example.com' };

describe('the urgent task email', () => {
  it('is written in the reader’s language, with the asset’s link and the due date', () => {
    const english = renderUrgentTask(content, links, 'en');
    expect(english.subject).toBe('Urgent: Guard <broken> (Press 7)');
    expect(english.text).toContain('Ann marked the task “Guard <broken>” on Press 7 as urgent.');
    expect(english.text).toContain('It is due on 2026-12-01.');
    expect(english.text).toContain('https://mqr.example.com/assets/a1');
    const german = renderUrgentTask(content, links, 'de');
    expect(german.subject).toBe('Dringend: Guard <broken> (Press 7)');
    expect(german.text).toContain('Guten Tag Bo,');
    expect(german.text).toContain('als dringend markiert');
  });

  it('escapes what people typed in the HTML, and says nothing of a due date it has not', () => {
    const html = renderUrgentTask({ ...content, dueOn: null }, links, 'fr');
    expect(html.html).toContain('Guard &lt;broken&gt;');
    expect(html.html).not.toContain('<broken>');
    expect(html.text).not.toContain('2026-12-01');
    expect(html.subject).toBe('Urgent : Guard <broken> (Press 7)');
  });
});
