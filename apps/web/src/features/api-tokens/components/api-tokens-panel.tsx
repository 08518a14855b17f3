import { useLingui } from '@lingui/react';
import type { TCreatedApiToken } from '@mqr/contracts';
import { useId, useState } from 'react';
import { PagedList } from '#web/components/layouts/paged-list.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import tabPanel from '#web/components/ui/tab-panel.module.css';
import { type TTokenList, useApiTokens } from '../api/get-api-tokens.ts';
import { API_TOKEN_TEXTS } from '../texts.ts';
import { ApiTokenTable } from './api-token-table.tsx';
import { CreateApiTokenForm } from './create-api-token-form.tsx';
import { NewTokenSecret } from './new-token-secret.tsx';

/** One list of tokens, paged, with its heading. */
function TokenList({
  list,
  title,
  hint,
  empty,
}: {
  list: TTokenList;
  title: string;
  hint?: string;
  empty: string;
}) {
  const { _ } = useLingui();
  const [page, setPage] = useState(1);
  const query = useApiTokens(list, page);
  const titleId = useId();
  return (
    <section className={tabPanel.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={tabPanel.sectionTitle}>
        {title}
      </h3>
      {hint ? <p className={tabPanel.muted}>{hint}</p> : null}
      <PagedList
        query={query}
        loadingText={_(API_TOKEN_TEXTS.loading)}
        failedText={_(API_TOKEN_TEXTS.loadFailed)}
        page={page}
        onPage={setPage}
      >
        {(tokens) =>
          tokens.length === 0 ? (
            <StateMessage>{empty}</StateMessage>
          ) : (
            <ApiTokenTable list={list} tokens={tokens} label={title} />
          )
        }
      </PagedList>
    </section>
  );
}

/**
 * The API tokens tab (docs/product/api-tokens.md#api-tokens-tab): create a token (its secret shown
 * once), the user's own tokens and, for administrators, every token of their organization (but a
 * super administrator's, for an organization administrator).
 */
export function ApiTokensPanel({
  isAdmin,
  isSuperAdmin = false,
}: {
  isAdmin: boolean;
  isSuperAdmin?: boolean;
}) {
  const { _ } = useLingui();
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);
  return (
    <div className={tabPanel.panel}>
      <p>
        {_(API_TOKEN_TEXTS.intro)} <a href="/api/docs">{_(API_TOKEN_TEXTS.docsLink)}</a>
      </p>
      {created ? (
        <NewTokenSecret created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateApiTokenForm onCreated={setCreated} />
      )}
      <TokenList list="own" title={_(API_TOKEN_TEXTS.ownTitle)} empty={_(API_TOKEN_TEXTS.ownEmpty)} />
      {isAdmin ? (
        <TokenList
          list="organization"
          title={_(API_TOKEN_TEXTS.organizationTitle)}
          hint={
            isSuperAdmin ? _(API_TOKEN_TEXTS.organizationHint) : _(API_TOKEN_TEXTS.organizationHintForAdmin)
          }
          empty={_(API_TOKEN_TEXTS.organizationEmpty)}
        />
      ) : null}
    </div>
  );
}
