import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import { type ReactNode, useId } from 'react';
import { UI_TEXTS } from '#web/lib/texts.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import styles from './admin-screen.module.css';
import stack from './card-stack.module.css';
import type { TScreenStatus } from './screen-status.ts';

type TAdminScreenProps = {
  title: string;
  subtitle?: string;
  onRefresh: () => void;
  /** A card above the form that chooses what the screen shows (the fields screen's target). */
  filters?: ReactNode;
  /** What the form last reported (shown above it). */
  status: TScreenStatus | null;
  form: ReactNode;
  listTitle: string;
  list: ReactNode;
};

/**
 * The frame of the administration screens (users, organizations, fields): title with Refresh, an
 * optional filter card, a card with the form and its status, and a card with the list.
 */
export function AdminScreen({
  title,
  subtitle,
  onRefresh,
  filters,
  status,
  form,
  listTitle,
  list,
}: TAdminScreenProps) {
  const { _ } = useLingui();
  const listTitleId = useId();
  return (
    <>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Button variant="secondary" onClick={onRefresh}>
            {_(UI_TEXTS.refresh)}
          </Button>
        }
      />
      <div className={stack.stack}>
        {filters}
        <Card className={stack.card}>
          {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
          {form}
        </Card>
        <Card className={stack.card} aria-labelledby={listTitleId}>
          <h2 id={listTitleId} className={styles.cardTitle}>
            {listTitle}
          </h2>
          {list}
        </Card>
      </div>
    </>
  );
}
