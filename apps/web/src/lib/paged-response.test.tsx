import { PAGING_HEADERS } from '@mqr/contracts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from '#web/components/ui/pager.tsx';
import { activateLocale } from './i18n.ts';
import { countLabel, pageCountOf, toPage } from './paged-response.ts';

describe('a page of a long list', () => {
  afterEach(() => activateLocale('en'));

  it('knows when the server stopped counting, and says so as "10,000+"', () => {
    const capped = toPage(
      new Response('[]', {
        headers: { [PAGING_HEADERS.total]: '10000', [PAGING_HEADERS.totalCapped]: 'true' },
      }),
      [],
      { page: 3 },
    );
    expect(capped).toMatchObject({ total: 10_000, totalCapped: true, page: 3, pageSize: 50 });
    expect(pageCountOf(capped)).toBe(200);
    expect(countLabel(capped.total, capped.totalCapped)).toBe(`${(10_000).toLocaleString()}+`);
    const exact = toPage(new Response('[]', { headers: { [PAGING_HEADERS.total]: '42' } }), [], {});
    expect(exact.totalCapped).toBe(false);
    expect(countLabel(exact.total, exact.totalCapped)).toBe('42');
  });

  it('shows "Page p of n+" when there are more pages than counted', () => {
    render(<Pager page={2} pageCount={200} more onPage={() => {}} />);
    expect(screen.getByText('Page 2 of 200+')).toBeInTheDocument();
  });

  it('writes counts and pages in the active language', async () => {
    await activateLocale('de');
    expect(countLabel(10_000, true)).toBe('10.000+');
    expect(countLabel(1234, false)).toBe('1.234');
    render(<Pager page={2} pageCount={1200} more onPage={() => {}} />);
    expect(screen.getByText('Seite 2 von 1.200+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeInTheDocument();
  });
});
