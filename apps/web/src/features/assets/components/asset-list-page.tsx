import { ASSET_MESSAGES, PRODUCT_NAME, type TAssetSummary } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ExportButton } from '#web/features/exports/index.ts';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import { formatDate } from '#web/lib/dates.ts';
import { pageCountOf } from '#web/lib/paged-response.ts';
import { assetKeys } from '../api/asset-keys.ts';
import { useAssets } from '../hooks/use-assets.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import styles from './asset-list-page.module.css';
import { openQrImage } from './open-qr-image.ts';

export const SEARCH_LABEL = 'Search by name or slug';
export const SEARCH_DEBOUNCE_MS = 300;

/** /assets: the organization's assets, searched and paged by the server. */
export function AssetListPage() {
  const queryClient = useQueryClient();
  const isAdmin = isAdminUser(useAuth());
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [pageState, setPageState] = useState({ search: '', page: 1 });
  // A new search starts again at page 1.
  const page = pageState.search === search ? pageState.page : 1;
  const query = useAssets(search, page);

  const data = query.data;
  const pageCount = data ? pageCountOf(data) : 1;

  let content: ReactNode;
  if (query.isPending) {
    content = <StateMessage>{ASSET_MESSAGES.listLoading}</StateMessage>;
  } else if (query.isError) {
    content = <Alert>{ASSET_MESSAGES.listFailed}</Alert>;
  } else if (query.data.items.length === 0) {
    content = <StateMessage>{search ? ASSET_MESSAGES.listNoMatch : ASSET_MESSAGES.listEmpty}</StateMessage>;
  } else {
    content = (
      <>
        <AssetTable assets={query.data.items} />
        <Pager
          page={page}
          pageCount={pageCount}
          more={query.data.totalCapped}
          disabled={query.isFetching}
          onPage={(next) => setPageState({ search, page: next })}
        />
      </>
    );
  }

  return (
    <>
      <title>{`Assets · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title="Assets"
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => void queryClient.invalidateQueries({ queryKey: assetKeys.all })}
            >
              Refresh
            </Button>
            <ExportButton search={search} />
            {isAdmin ? (
              <ButtonLink to="/assets/import" variant="secondary">
                Import
              </ButtonLink>
            ) : null}
            <ButtonLink to="/assets/new">Create asset</ButtonLink>
          </>
        }
      />
      <Card className={styles.card}>
        <div className={styles.search}>
          <TextField
            label={SEARCH_LABEL}
            type="search"
            placeholder={SEARCH_LABEL}
            autoComplete="off"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        {content}
      </Card>
    </>
  );
}

function AssetTable({ assets }: { assets: TAssetSummary[] }) {
  const navigate = useNavigate();
  return (
    <Table label="Assets" stacked className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Slug</th>
          <th scope="col">Created</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {assets.map((asset) => (
          <tr key={asset.id}>
            <td className={styles.name} data-label="Name">
              {asset.name}
            </td>
            <td data-label="Slug">
              <code className={styles.slug}>{asset.slug}</code>
            </td>
            <td className={styles.nowrap} data-label="Created">
              {formatDate(asset.createdAt)}
            </td>
            <td data-label="Actions">
              <div className={styles.rowActions}>
                <Link className={styles.action} to={`/assets/${asset.id}`} aria-label={`Open ${asset.name}`}>
                  Open
                </Link>
                {asset.qrCodeUrl ? (
                  <button
                    type="button"
                    className={styles.action}
                    aria-label={`QR code for ${asset.name}`}
                    onClick={() => {
                      void openQrImage(asset.qrCodeUrl).then((opened) => {
                        // Pop-ups blocked or image unavailable: the asset page shows the QR code.
                        if (!opened) navigate(`/assets/${asset.id}`);
                      });
                    }}
                  >
                    QR
                  </button>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
