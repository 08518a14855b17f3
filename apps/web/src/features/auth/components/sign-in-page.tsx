import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { SSO_ORGANIZATION_PARAM, type TLoginBody, ZLoginBody } from '@mqr/contracts';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { RETURN_PARAM, safeReturnPath } from '#web/lib/return-path.ts';
import { useLogin } from '../api/login.ts';
import { signInErrorMessage } from '../lib/sign-in-error.ts';
import { rememberedSsoOrganization } from '../lib/sso-organization.ts';
import { SIGN_IN_TEXTS } from '../texts.ts';
import { SignInCard } from './sign-in-card.tsx';
import styles from './sign-in-page.module.css';
import { SsoSignIn } from './sso-sign-in.tsx';

export function SignInPage() {
  const { _ } = useLingui();
  // Single sign-on: the organization the link names, else the one this browser last signed in with.
  const [searchParams] = useSearchParams();
  const linked = searchParams.get(SSO_ORGANIZATION_PARAM);
  const ssoOrganization = linked || rememberedSsoOrganization();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm({
    resolver: zodResolver(ZLoginBody),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const busy = loginMutation.isPending;

  // The page that sent the visitor here (kept for a single sign-on round trip). Signed in, the
  // route's guard opens it, or the dashboard.
  const next = safeReturnPath(searchParams.get(RETURN_PARAM), window.location.origin);
  const onSubmit = handleSubmit((values: TLoginBody) => loginMutation.mutate(values));

  return (
    <SignInCard subtitle={_(SIGN_IN_TEXTS.subtitle)}>
      {ssoOrganization ? (
        <SsoSignIn
          key={ssoOrganization}
          organizationId={ssoOrganization}
          fromLink={!!linked}
          returnPath={next}
        />
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {loginMutation.isError ? <Alert>{signInErrorMessage(loginMutation.error)}</Alert> : null}
        <TextField
          label={_(SIGN_IN_TEXTS.email)}
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={_(SIGN_IN_TEXTS.password)}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" block disabled={!isValid || busy}>
          {busy ? _(SIGN_IN_TEXTS.signingIn) : _(SIGN_IN_TEXTS.submit)}
        </Button>
      </form>
    </SignInCard>
  );
}
