import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { ExportButton } from '#web/features/exports/index.ts';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import { assetKeys } from '../api/asset-keys.ts';
import { LIST_TEXTS } from '../texts.ts';
import { AssetListView, useAssetListView } from './asset-list-view.tsx';

/**
 * /assets: the organization's assets (AssetListView), with Refresh, the CSV exports of the view,
 * Import (administrators) and Create asset.
 */
export function AssetListPage() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const isAdmin = isAdminUser(useAuth());
  const { view } = useAssetListView();
  return (
    <>
      <title>{_(LIST_TEXTS.documentTitle(PRODUCT_NAME))}</title>
      <PageHeader
        title={_(LIST_TEXTS.title)}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => void queryClient.invalidateQueries({ queryKey: assetKeys.all })}
            >
              {_(LIST_TEXTS.refresh)}
            </Button>
            <ExportButton view={view} />
            {isAdmin ? (
              <ButtonLink to="/assets/import" variant="secondary">
                {_(LIST_TEXTS.import)}
              </ButtonLink>
            ) : null}
            <ButtonLink to="/assets/new">{_(LIST_TEXTS.create)}</ButtonLink>
          </>
        }
      />
      <AssetListView />
    </>
  );
}
