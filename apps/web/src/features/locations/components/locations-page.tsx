import { useLingui } from '@lingui/react';
import { PRODUCT_NAME, type TLocationNode } from '@mqr/contracts';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { QueryFallback } from '#web/components/ui/offline-notice.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { OFFLINE_TEXTS } from '#web/lib/texts.ts';
import { useLocationChildren } from '../api/get-location-children.ts';
import { useMoveLocation } from '../api/move-location.ts';
import { LOCATION_TEXTS } from '../texts.ts';
import { LocationActions } from './location-actions.tsx';
import { LocationFormDialog } from './location-form-dialog.tsx';
import { LocationTree } from './location-tree.tsx';
import styles from './locations-page.module.css';
import { movedMessage } from './move-location-dialog.tsx';
import { PrintLocationLabelsButton } from './print-location-labels-button.tsx';

type TNotice = { tone: 'success' | 'error'; text: string };

/**
 * /locations: the organization's location tree with each node's rolled-up counts. Everyone reads
 * it; administrators add, edit, move (dialog or drag) and delete locations.
 */
export function LocationsPage() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const isAdmin = isAdminUser(useAuth());
  const sites = useLocationChildren(null);
  const move = useMoveLocation();
  const [selected, setSelected] = useState<TLocationNode | null>(null);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<TNotice | null>(null);
  const nodes = sites.data?.pages.flatMap((page) => page.items) ?? [];

  function drop(node: TLocationNode, parent: TLocationNode | null) {
    setNotice(null);
    const to = parent ? { id: parent.id, path: parent.path } : { id: null, path: '' };
    move.mutate(
      { id: node.id, parentId: to.id },
      {
        onSuccess: () => setNotice({ tone: 'success', text: _(movedMessage(node.name, to)) }),
        onError: (error) =>
          setNotice({ tone: 'error', text: failureMessage(_(LOCATION_TEXTS.moveFailed), error) }),
      },
    );
  }

  let tree: ReactNode;
  if (!sites.data) {
    tree = (
      <QueryFallback
        query={sites}
        loading={_(LOCATION_TEXTS.loading)}
        failed={_(LOCATION_TEXTS.failed)}
        offline={OFFLINE_TEXTS.page}
      />
    );
  } else if (nodes.length === 0) {
    tree = <StateMessage>{_(isAdmin ? LOCATION_TEXTS.emptyAdmin : LOCATION_TEXTS.empty)}</StateMessage>;
  } else {
    tree = (
      <LocationTree
        sites={nodes}
        hasMore={sites.hasNextPage}
        loadingMore={sites.isFetchingNextPage}
        onMore={() => void sites.fetchNextPage()}
        selectedId={selected?.id ?? null}
        onSelect={setSelected}
        onOpen={(node) => navigate(`/locations/${node.id}`)}
        canDrag={isAdmin}
        onDrop={drop}
      />
    );
  }

  const title = _(LOCATION_TEXTS.title);
  return (
    <>
      <title>{_(LOCATION_TEXTS.documentTitle(PRODUCT_NAME))}</title>
      <PageHeader
        title={title}
        subtitle={_(LOCATION_TEXTS.subtitle)}
        actions={
          isAdmin ? (
            <Button
              onClick={() => {
                setNotice(null);
                setAdding(true);
              }}
            >
              {_(LOCATION_TEXTS.add)}
            </Button>
          ) : null
        }
      />
      <Card className={styles.card} aria-label={title}>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        {nodes.length > 0 ? (
          <section
            className={styles.toolbar}
            aria-label={selected ? _(LOCATION_TEXTS.actionsOf(selected.name)) : title}
          >
            <p className={styles.selected}>
              {selected ? _(LOCATION_TEXTS.selected(selected.path)) : _(LOCATION_TEXTS.noneSelected)}
            </p>
            {selected ? (
              <div className={styles.actions}>
                <ButtonLink to={`/locations/${selected.id}`} variant="secondary">
                  {_(LOCATION_TEXTS.open)}
                </ButtonLink>
                <PrintLocationLabelsButton location={selected} />
                {isAdmin ? (
                  <LocationActions
                    location={selected}
                    onDone={(text) => setNotice({ tone: 'success', text })}
                    onDeleted={() => setSelected(null)}
                  />
                ) : null}
              </div>
            ) : null}
          </section>
        ) : null}
        {tree}
      </Card>
      {adding ? (
        <LocationFormDialog
          mode={{ kind: 'add', parent: selected ? { id: selected.id, path: selected.path } : null }}
          onClose={() => setAdding(false)}
          onDone={(text) => {
            setAdding(false);
            setNotice({ tone: 'success', text });
          }}
        />
      ) : null}
    </>
  );
}
