import { useLingui } from '@lingui/react';
import { formatNumber } from '#web/lib/dates.ts';
import { UI_TEXTS } from '#web/lib/texts.ts';
import { Button } from './button.tsx';
import styles from './pager.module.css';

type TPagerProps = {
  page: number;
  pageCount: number;
  /** There are more pages than counted ("Page 1 of 200+"). */
  more?: boolean;
  onPage: (page: number) => void;
  disabled?: boolean;
};

/** Previous/Next with "Page p of n"; renders nothing when everything fits on one page. */
export function Pager({ page, pageCount, more, onPage, disabled }: TPagerProps) {
  const { _ } = useLingui();
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={_(UI_TEXTS.pagination)}>
      <Button variant="secondary" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        {_(UI_TEXTS.previous)}
      </Button>
      <span aria-live="polite">{_(UI_TEXTS.page(page, formatNumber(pageCount), more === true))}</span>
      <Button variant="secondary" disabled={disabled || page >= pageCount} onClick={() => onPage(page + 1)}>
        {_(UI_TEXTS.next)}
      </Button>
    </nav>
  );
}
