import { useLingui } from '@lingui/react';
import type { TAsset } from '@mqr/contracts';
import { Link } from 'react-router';
import { PLACE_TEXTS } from '../texts.ts';
import styles from './asset-place.module.css';

/**
 * Where the asset is and what it is part of, under its name: its location's full path (a link to the
 * location's page) and its parent asset (a link to its page). Nothing when it has neither.
 */
export function AssetPlace({ asset }: { asset: TAsset }) {
  const { _ } = useLingui();
  if (!asset.location && !asset.parentAsset) return null;
  return (
    <dl className={styles.place}>
      {asset.location ? (
        <div>
          <dt>{_(PLACE_TEXTS.location)}</dt>
          <dd>
            <Link to={`/locations/${asset.location.id}`}>{asset.location.path}</Link>
          </dd>
        </div>
      ) : null}
      {asset.parentAsset ? (
        <div>
          <dt>{_(PLACE_TEXTS.parentAsset)}</dt>
          <dd>
            <Link to={`/assets/${asset.parentAsset.id}`}>{asset.parentAsset.name}</Link>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
