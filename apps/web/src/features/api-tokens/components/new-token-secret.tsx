import type { TCreatedApiToken } from '@mqr/contracts';
import { SecretShownOnce } from '#web/components/ui/secret-shown-once.tsx';
import { API_TOKEN_TEXTS } from '../texts.ts';

/** A new token's secret, shown this once, with Copy; "Done" hides it for good. */
export function NewTokenSecret({ created, onDone }: { created: TCreatedApiToken; onDone: () => void }) {
  return (
    <SecretShownOnce
      secret={created.secret}
      onDone={onDone}
      texts={{
        title: API_TOKEN_TEXTS.secretTitle(created.token.name),
        text: API_TOKEN_TEXTS.secretText,
        label: API_TOKEN_TEXTS.secretLabel,
        copy: API_TOKEN_TEXTS.copy,
        copied: API_TOKEN_TEXTS.copied,
        copyFailed: API_TOKEN_TEXTS.copyFailed,
        done: API_TOKEN_TEXTS.done,
      }}
    />
  );
}
