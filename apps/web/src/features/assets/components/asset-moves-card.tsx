import { Trans, useLingui } from '@lingui/react';
import type { TAssetMove } from '@mqr/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PagedList } from '#web/components/layouts/paged-list.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { useAssetMoves } from '../api/get-asset-moves.ts';
import { PLACE_TEXTS } from '../texts.ts';
import styles from './asset-place.module.css';

/**
 * "Location history": the asset's moves between locations, newest first (from, to, who, when), the
 * paths as they read at the move. Shown once the asset has moved.
 */
export function AssetMovesCard({ assetId, className }: { assetId: string; className?: string }) {
  const { _ } = useLingui();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const query = useAssetMoves(assetId, page);
  if (query.data?.total === 0 && page === 1) return null;
  return (
    <Card aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className={styles.cardTitle}>
        {_(PLACE_TEXTS.moves)}
      </h2>
      <PagedList
        query={query}
        loadingText={_(PLACE_TEXTS.movesLoading)}
        failedText={_(PLACE_TEXTS.movesFailed)}
        page={page}
        onPage={setPage}
      >
        {(moves) => (
          <ol className={styles.moves}>
            {moves.map((move) => (
              <MoveItem key={move.id} move={move} />
            ))}
          </ol>
        )}
      </PagedList>
    </Card>
  );
}

/** A location of a move: a link to its page while it exists. */
const placeOf = (locationId: string | null) =>
  locationId ? <Link to={`/locations/${locationId}`} /> : <span />;

/** One move: from where to where (each a link while the location exists), by whom and when. */
function MoveItem({ move }: { move: TAssetMove }) {
  const { _ } = useLingui();
  const none = _(PLACE_TEXTS.noLocation);
  const when = formatDateTime(move.movedAt);
  return (
    <li className={styles.move}>
      <p className={styles.moveText}>
        <Trans
          {...PLACE_TEXTS.moved(move.fromPath ?? none, move.toPath ?? none)}
          components={{ 0: placeOf(move.fromLocationId), 1: placeOf(move.toLocationId) }}
        />
      </p>
      <p className={styles.moveMeta}>
        {move.movedBy ? (
          _(PLACE_TEXTS.movedBy(move.movedBy, when))
        ) : (
          <time dateTime={move.movedAt}>{when}</time>
        )}
      </p>
    </li>
  );
}
