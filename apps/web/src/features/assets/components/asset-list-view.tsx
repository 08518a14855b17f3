import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { TAssetSelection, TSortOrder } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { OfflineNotice } from '#web/components/ui/offline-notice.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { Translated } from '#web/components/ui/translated.tsx';
import { ExportSelectionButton } from '#web/features/exports/index.ts';
import { useFields } from '#web/features/fields/index.ts';
import { PrintLabelsButton } from '#web/features/labels/index.ts';
import { SampleDataNotice, SampleDataOffer } from '#web/features/sample-data/index.ts';
import { ScheduleSelectionButton } from '#web/features/schedules/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import { pageCountOf } from '#web/lib/paged-response.ts';
import { OFFLINE_TEXTS } from '#web/lib/texts.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { assetKeys } from '../api/asset-keys.ts';
import { useAssets } from '../api/get-assets.ts';
import { LOCATION_COLUMN, UPDATED_COLUMN, useListColumns } from '../hooks/use-list-columns.ts';
import { useListState } from '../hooks/use-list-state.ts';
import { type TListState, viewOf } from '../lib/list-state.ts';
import { shownCount, type TShownCount } from '../lib/shown-count.ts';
import { ASSET_TEXTS, LIST_TEXTS } from '../texts.ts';
import styles from './asset-list-page.module.css';
import { AssetTable } from './asset-table.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { FilterSummary } from './filter-summary.tsx';
import { ListControls } from './list-controls.tsx';
import { MoveSelectionButton } from './move-selection-button.tsx';
import { SelectionBar } from './selection-bar.tsx';

export const SEARCH_DEBOUNCE_MS = 300;

/** The ticked assets of one view, or every asset it shows; a new view starts with none. */
type TSelection = { view: string } & ({ kind: 'ids'; ids: string[] } | { kind: 'view' });

/** The empty list's message: nothing at all, nothing retired, or nothing that matches. */
function emptyMessage(state: TListState, ofLocation?: MessageDescriptor): MessageDescriptor {
  if (state.filter.length > 0 || state.openTasks || state.due) return LIST_TEXTS.noFilterMatch;
  if (ofLocation) return state.search ? ASSET_TEXTS.listNoMatch : ofLocation;
  if (state.location) return LIST_TEXTS.noFilterMatch;
  if (state.search) return ASSET_TEXTS.listNoMatch;
  return state.status === 'retired' ? LIST_TEXTS.noRetired : ASSET_TEXTS.listEmpty;
}

/**
 * The asset list's view as the URL holds it, and as the API takes it: on a location's page, the
 * location is fixed (its assets and those below it) and not in the URL.
 */
export function useAssetListView(fixedLocation?: string) {
  const { state, update } = useListState();
  const shown = fixedLocation ? { ...state, location: fixedLocation } : state;
  return { state: shown, update, view: viewOf(shown) };
}

type TAssetListViewProps = {
  /** A location's page: the assets at it and below it, without the location filter. */
  fixedLocation?: string | undefined;
  /** What the list says when the location holds no asset. */
  emptyText?: MessageDescriptor | undefined;
  /** The card's name (a landmark when the page holds more than the list). */
  label?: string | undefined;
};

/**
 * The asset list (docs/product/assets.md#asset-list): searched, filtered, sorted and paged by the
 * server, in the view the URL holds; rows can be ticked (or all that the view shows) for actions on
 * the selection. The asset list's page and a location's page show it.
 */
export function AssetListView({ fixedLocation, emptyText, label }: TAssetListViewProps) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const isAdmin = isAdminUser(useAuth());
  const { state, update, view } = useAssetListView(fixedLocation);
  const fields = useFields('Asset').data ?? [];
  const { columns, choose } = useListColumns();
  const fieldColumns = fields.filter((field) => field.isActive && columns.includes(field.id));
  const viewKey = JSON.stringify(view);
  // The filters the person chose (a location's page does not offer its own location as one).
  const chosen: TListState = fixedLocation ? { ...state, location: undefined } : state;
  const query = useAssets(
    view,
    state.page,
    fieldColumns.map((field) => field.id),
  );
  const data = query.data;
  const pageCount = data ? pageCountOf(data) : 1;
  const online = useOnline();

  const search = useSearchBox(state.search, (text) => update({ search: text }, { replace: true }));
  const filterPanelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [choosingColumns, setChoosingColumns] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [selectionState, setSelection] = useState<TSelection | null>(null);
  // A selection belongs to the view it was made in.
  const selection = selectionState?.view === viewKey ? selectionState : null;
  const items = data?.items ?? [];
  const isSelected = (id: string) => selection?.kind === 'view' || (selection?.ids.includes(id) ?? false);
  const pageSelected = items.length > 0 && items.every((item) => isSelected(item.id));
  const totalCount: TShownCount = { count: data?.total ?? 0, more: data?.totalCapped ?? false };
  const total = shownCount(totalCount);

  function select(ids: string[], on: boolean) {
    const current = selection?.kind === 'ids' ? selection.ids : [];
    const next = on ? [...new Set([...current, ...ids])] : current.filter((id) => !ids.includes(id));
    setSelection(next.length > 0 ? { view: viewKey, kind: 'ids', ids: next } : null);
  }

  function change(next: Partial<TListState>) {
    setNotice(null);
    update(next);
  }

  // "For the 3 assets selected." or "For all 1,234 assets the list shows.": what an action acts on.
  const selectionScope = selection
    ? _(
        selection.kind === 'ids'
          ? LIST_TEXTS.forSelected(selection.ids.length)
          : LIST_TEXTS.forAllMatching(total),
      )
    : '';

  const apiSelection: TAssetSelection | null = !selection
    ? null
    : selection.kind === 'ids'
      ? { assetIds: selection.ids }
      : { query: view };

  let content: ReactNode;
  if (!query.data && !online) {
    content = (
      <OfflineNotice>
        <Translated message={OFFLINE_TEXTS.page} />
      </OfflineNotice>
    );
  } else if (query.isPending) {
    content = <StateMessage>{_(ASSET_TEXTS.listLoading)}</StateMessage>;
  } else if (query.isError) {
    content = <ListFailure error={query.error} />;
  } else if (items.length === 0) {
    const message = emptyMessage(state, fixedLocation ? emptyText : undefined);
    content = (
      <>
        <StateMessage>{_(message)}</StateMessage>
        {/* An organization without any asset yet: administrators may start from a sample site. */}
        {message === ASSET_TEXTS.listEmpty && state.status === 'active' ? <SampleDataOffer /> : null}
      </>
    );
  } else {
    content = (
      <>
        <div className={styles.selectRow}>
          <CheckboxField
            label={_(LIST_TEXTS.selectPage)}
            checked={pageSelected}
            disabled={selection?.kind === 'view'}
            onChange={(event) =>
              select(
                items.map((item) => item.id),
                event.target.checked,
              )
            }
          />
          {selection?.kind === 'ids' && pageSelected && (data!.totalCapped || data!.total > items.length) ? (
            <p className={styles.selectAll}>
              {_(LIST_TEXTS.pageSelected(items.length))}{' '}
              <Button variant="ghost" onClick={() => setSelection({ view: viewKey, kind: 'view' })}>
                {_(LIST_TEXTS.selectAllMatching(total))}
              </Button>
            </p>
          ) : null}
        </div>
        <AssetTable
          assets={items}
          state={state}
          fieldColumns={fieldColumns}
          showLocation={columns.includes(LOCATION_COLUMN)}
          showUpdated={columns.includes(UPDATED_COLUMN)}
          onSort={(sort: string, order: TSortOrder | undefined) => change({ sort, order })}
          isSelected={isSelected}
          onSelect={(id, on) => select([id], on)}
        />
        <Pager
          page={state.page}
          pageCount={pageCount}
          more={data!.totalCapped}
          disabled={query.isFetching}
          onPage={(page) => update({ page })}
        />
      </>
    );
  }

  return (
    <>
      <Card className={styles.card} aria-label={label}>
        <SampleDataNotice />
        <div className={styles.search}>
          <TextField
            label={_(LIST_TEXTS.search)}
            type="search"
            placeholder={_(LIST_TEXTS.search)}
            autoComplete="off"
            value={search.text}
            onChange={(event) => search.type(event.target.value)}
          />
        </div>
        <ListControls
          state={chosen}
          fields={fields}
          onChange={change}
          filtersOpen={filtersOpen}
          onToggleFilters={() => setFiltersOpen(!filtersOpen)}
          onColumns={() => setChoosingColumns(true)}
          filterPanelId={filterPanelId}
        />
        {filtersOpen ? (
          <FilterPanel
            id={filterPanelId}
            state={chosen}
            fields={fields}
            onApply={change}
            byLocation={!fixedLocation}
          />
        ) : null}
        <FilterSummary state={chosen} fields={fields} onChange={change} />
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        {selection && apiSelection ? (
          <SelectionBar
            selection={apiSelection}
            count={selection.kind === 'ids' ? { count: selection.ids.length, more: false } : totalCount}
            summary={_(
              selection.kind === 'ids'
                ? LIST_TEXTS.selected(selection.ids.length)
                : LIST_TEXTS.allMatchingSelected(total),
            )}
            fields={fields}
            canRetire={isAdmin && state.status !== 'retired'}
            canRestoreOrDelete={isAdmin && state.status === 'retired'}
            extraActions={
              <>
                <PrintLabelsButton
                  source={apiSelection.assetIds ? { assetIds: apiSelection.assetIds } : { query: view }}
                  count={selection.kind === 'ids' ? selection.ids.length : (data?.total ?? 0)}
                  more={selection.kind === 'view' && data?.totalCapped}
                >
                  {_(LIST_TEXTS.printLabels)}
                </PrintLabelsButton>
                <ExportSelectionButton
                  selection={apiSelection}
                  onError={(text) => setNotice({ tone: 'error', text })}
                />
                {state.status !== 'retired' ? (
                  <MoveSelectionButton
                    selection={apiSelection}
                    scope={selectionScope}
                    onDone={(text) => setNotice({ tone: 'success', text })}
                  />
                ) : null}
                {isAdmin && state.status !== 'retired' ? (
                  <ScheduleSelectionButton
                    selection={apiSelection}
                    scope={selectionScope}
                    onDone={(text) => {
                      setNotice({ tone: 'success', text });
                      // The list's due filter and the assets' next service due follow the new schedules.
                      void queryClient.invalidateQueries({ queryKey: assetKeys.all });
                    }}
                  />
                ) : null}
              </>
            }
            onClear={() => setSelection(null)}
            onDone={(text, done) => {
              setNotice({ tone: 'success', text });
              if (done === 'left') setSelection(null);
            }}
          />
        ) : null}
        {content}
      </Card>
      {choosingColumns ? (
        <ColumnChooser
          columns={columns}
          fields={fields}
          onChoose={choose}
          onClose={() => setChoosingColumns(false)}
        />
      ) : null}
    </>
  );
}

/**
 * Why the list could not be loaded: a view the server refuses (a shared link naming a field that no
 * longer exists, a hand-edited filter) says why and offers the plain list; anything else the list's
 * failure text.
 */
function ListFailure({ error }: { error: Error }) {
  const { _ } = useLingui();
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 404)) {
    return <Alert>{_(ASSET_TEXTS.listFailed)}</Alert>;
  }
  return (
    <Alert>
      {_(LIST_TEXTS.viewRefused(error.fields[0]?.message ?? error.message))}{' '}
      <Link to="/assets">{_(LIST_TEXTS.showAll)}</Link>
    </Alert>
  );
}

/**
 * The search box: its text as typed, sent to the URL `SEARCH_DEBOUNCE_MS` after typing stops (one
 * request for a word, not one per key), and set again from the URL when that changes (Back).
 */
function useSearchBox(search: string, send: (text: string) => void) {
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (search !== shown) {
    setShown(search);
    if (text.trim() !== search) setText(search);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    text,
    type(next: string) {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => send(next.trim()), SEARCH_DEBOUNCE_MS);
    },
  };
}
