import { useLingui } from '@lingui/react';
import { SSO_MESSAGES } from '@mqr/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { keepReturnPath } from '#web/lib/return-path.ts';
import { getSsoProvider, startSso } from '../api/sso.ts';
import { signInErrorMessage } from '../lib/sign-in-error.ts';
import { rememberSsoOrganization } from '../lib/sso-organization.ts';
import { SSO_SIGN_IN_TEXTS } from '../texts.ts';
import styles from './sign-in-page.module.css';

type TSsoSignInProps = {
  organizationId: string;
  /** True when the page's link named the organization; false when this browser remembered it. */
  fromLink: boolean;
  /** The page to open once signed in (kept in this tab while the provider's pages are shown). */
  returnPath: string | null;
};

/**
 * "Sign in with {provider}" for the organization the sign-in link names (or this browser last used):
 * the server starts the attempt, then the browser goes to the provider (docs/product/sign-in.md#single-sign-on).
 */
export function SsoSignIn({ organizationId, fromLink, returnPath }: TSsoSignInProps) {
  const { _ } = useLingui();
  const provider = useQuery({
    queryKey: ['sso-provider', organizationId],
    queryFn: () => getSsoProvider(organizationId),
    retry: false,
  });
  const start = useMutation({
    mutationFn: () => startSso(organizationId),
    onSuccess: (authorizationUrl) => {
      rememberSsoOrganization(organizationId);
      keepReturnPath(returnPath);
      window.location.assign(authorizationUrl);
    },
  });
  const missing = provider.error instanceof ApiError && provider.error.status === 404;
  // A remembered organization that no longer offers single sign-on is forgotten quietly.
  useEffect(() => {
    if (missing && !fromLink) rememberSsoOrganization(null);
  }, [missing, fromLink]);

  if (provider.isPending) return null;
  if (!provider.data)
    return missing && fromLink ? <Alert tone="info">{wordMessage(SSO_MESSAGES.notSetUp)}</Alert> : null;
  // Busy from the click until the provider's page replaces this one.
  const busy = start.isPending || start.isSuccess;
  return (
    <div className={styles.sso}>
      <p className={styles.organization}>{provider.data.organizationName}</p>
      {start.isError ? <Alert>{signInErrorMessage(start.error)}</Alert> : null}
      <Button type="button" block disabled={busy} onClick={() => start.mutate()}>
        {busy ? _(SSO_SIGN_IN_TEXTS.redirecting) : _(SSO_SIGN_IN_TEXTS.signInWith(provider.data.displayName))}
      </Button>
      <p className={styles.divider}>{_(SSO_SIGN_IN_TEXTS.otherWay)}</p>
    </div>
  );
}
