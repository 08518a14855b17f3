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
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pagination">
      <Button variant="secondary" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">{`Page ${page} of ${pageCount}${more ? '+' : ''}`}</span>
      <Button variant="secondary" disabled={disabled || page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
