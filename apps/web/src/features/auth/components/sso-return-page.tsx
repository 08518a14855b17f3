import { useLingui } from '@lingui/react';
import { SSO_CALLBACK_PATH, SSO_ORGANIZATION_PARAM, type TSsoLoginResponse } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { authStore } from '#web/lib/auth-store.ts';
import { finishSso } from '../api/sso.ts';
import { signInErrorMessage } from '../lib/sign-in-error.ts';
import { rememberedSsoOrganization } from '../lib/sso-organization.ts';
import { SSO_SIGN_IN_TEXTS } from '../texts.ts';
import { SignInCard } from './sign-in-card.tsx';
import { SsoLinkForm } from './sso-link-form.tsx';

const ANSWER_PARAMS = ['code', 'state', 'iss', 'error', 'error_description'] as const;

/** The provider's answer in the address, once: it is taken out of the address (and history) at once. */
function takeAnswer(): Record<string, string> {
  const query = new URLSearchParams(window.location.search);
  window.history.replaceState(window.history.state, '', SSO_CALLBACK_PATH);
  const answer: Record<string, string> = {};
  for (const name of ANSWER_PARAMS) {
    const value = query.get(name);
    if (value !== null) answer[name] = value;
  }
  return answer;
}

/**
 * /login/sso, where the identity provider sends the browser back: the server checks the answer
 * against the attempt and signs the person in, asks for the password of an account that has never
 * signed in with this provider (SsoLinkForm), or the page says plainly why not
 * (docs/product/sign-in.md#coming-back-from-the-provider).
 */
export function SsoReturnPage() {
  const { _ } = useLingui();
  // Signed in, the route's guard opens the page the sign-in started from (or the dashboard).
  const signedIn = (response: TSsoLoginResponse) => authStore.login(response, response.email);
  const finish = useMutation({
    mutationFn: finishSso,
    onSuccess: (response) => {
      if (!('linkRequired' in response)) signedIn(response);
    },
  });
  // One exchange per answer: its code works once (React may run effects twice in development).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finish.mutate(takeAnswer());
  }, [finish]);

  const organization = rememberedSsoOrganization();
  const again = organization
    ? `/login?${SSO_ORGANIZATION_PARAM}=${encodeURIComponent(organization)}`
    : '/login';
  const link = finish.data && 'linkRequired' in finish.data ? finish.data : null;
  if (link) {
    return (
      <SignInCard>
        <SsoLinkForm link={link} onSignedIn={signedIn} />
        <ButtonLink to={again} variant="secondary" block>
          {_(SSO_SIGN_IN_TEXTS.backToSignIn)}
        </ButtonLink>
      </SignInCard>
    );
  }
  return (
    <SignInCard>
      {finish.isError ? (
        <>
          <Alert>{signInErrorMessage(finish.error)}</Alert>
          <ButtonLink to={again} block>
            {_(SSO_SIGN_IN_TEXTS.backToSignIn)}
          </ButtonLink>
        </>
      ) : (
        <StateMessage>{_(SSO_SIGN_IN_TEXTS.callbackTitle)}</StateMessage>
      )}
    </SignInCard>
  );
}
