import { zodResolver } from '@hookform/resolvers/zod';
import { LOGIN_MESSAGES, PRODUCT_NAME, type TLoginBody, ZLoginBody } from '@mqr/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#web/lib/api-client.ts';
import { useLogin } from '../hooks/use-login.ts';
import styles from './sign-in-page.module.css';

const GENERIC_ERROR = 'Unable to sign in right now. Please try again.';

function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return GENERIC_ERROR;
  if (error.isNetworkError) return NETWORK_ERROR_MESSAGE;
  if (error.status === 401) return LOGIN_MESSAGES.invalidCredentials;
  if (error.status === 429 || error.status === 400) return error.message;
  return GENERIC_ERROR;
}

export function SignInPage() {
  const navigate = useNavigate();
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

  const onSubmit = handleSubmit((values: TLoginBody) => {
    loginMutation.mutate(values, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  });

  return (
    <div className={styles.wrap}>
      <title>{`Sign in · ${PRODUCT_NAME}`}</title>
      <Card className={styles.card}>
        <div className={styles.heading}>
          <h1 className={styles.title}>Sign in</h1>
          <p className={styles.subtitle}>Access the maintenance dashboard</p>
        </div>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {loginMutation.isError ? <Alert>{errorMessage(loginMutation.error)}</Alert> : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" block disabled={!isValid || busy}>
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
