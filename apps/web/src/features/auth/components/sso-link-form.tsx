import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import {
  type TSsoLinkBody,
  type TSsoLinkRequired,
  type TSsoLoginResponse,
  ZSsoLinkBody,
} from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { linkSso } from '../api/sso.ts';
import { signInErrorMessage } from '../lib/sign-in-error.ts';
import { SSO_SIGN_IN_TEXTS } from '../texts.ts';
import styles from './sign-in-page.module.css';

/**
 * "Link your account" (docs/product/sign-in.md#linking-an-existing-account): the provider vouched
 * for someone whose account has never signed in with it, so nobody is signed in until the account's
 * password is given, once. A wrong password shows under the input; anything else above it.
 */
export function SsoLinkForm({
  link,
  onSignedIn,
}: {
  link: TSsoLinkRequired;
  onSignedIn: (response: TSsoLoginResponse) => void;
}) {
  const { _ } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TSsoLinkBody>({ resolver: zodResolver(ZSsoLinkBody), defaultValues: { password: '' } });
  const linking = useMutation({ mutationFn: linkSso, onSuccess: onSignedIn });
  const fieldMessage = (error: unknown) =>
    error instanceof ApiError ? error.fields.find((field) => field.path === 'password')?.message : undefined;

  const onSubmit = handleSubmit((values) =>
    linking.mutate(values, {
      onError: (error) => {
        const message = fieldMessage(error);
        if (message) setError('password', { message });
      },
    }),
  );
  const failure = linking.isError && !fieldMessage(linking.error) ? signInErrorMessage(linking.error) : null;

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={_(SSO_SIGN_IN_TEXTS.linkTitle)} noValidate>
      <h2 className={styles.organization}>{_(SSO_SIGN_IN_TEXTS.linkTitle)}</h2>
      <p>{_(SSO_SIGN_IN_TEXTS.linkIntro(link.email, link.organizationName, link.providerName))}</p>
      {failure ? <Alert>{failure}</Alert> : null}
      {/* The account's email for password managers, beside its password. */}
      <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
      <TextField
        label={_(SSO_SIGN_IN_TEXTS.linkPasswordLabel)}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" block disabled={linking.isPending}>
        {linking.isPending ? _(SSO_SIGN_IN_TEXTS.linkSubmitting) : _(SSO_SIGN_IN_TEXTS.linkSubmit)}
      </Button>
    </form>
  );
}
