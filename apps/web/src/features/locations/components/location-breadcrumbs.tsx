import { useLingui } from '@lingui/react';
import type { TLocation } from '@mqr/contracts';
import { Link } from 'react-router';
import { LOCATION_PAGE_TEXTS } from '../texts.ts';
import styles from './location-page.module.css';

/** A location's path as breadcrumbs: all locations, each location above it (links), then itself. */
export function LocationBreadcrumbs({ location }: { location: TLocation }) {
  const { _ } = useLingui();
  return (
    <nav aria-label={_(LOCATION_PAGE_TEXTS.breadcrumb)} className={styles.breadcrumbs}>
      <ol>
        <li>
          <Link to="/locations">{_(LOCATION_PAGE_TEXTS.allLocations)}</Link>
        </li>
        {location.ancestors.map((ancestor) => (
          <li key={ancestor.id}>
            <Link to={`/locations/${ancestor.id}`}>{ancestor.name}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{location.name}</span>
        </li>
      </ol>
    </nav>
  );
}
