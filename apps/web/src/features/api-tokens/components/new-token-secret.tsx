import type { TCreatedApiToken } from '@mqr/contracts';
import { useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import hidden from '#web/components/ui/visually-hidden.module.css';
import { API_TOKEN_TEXTS } from './api-token-texts.ts';
import styles from './api-tokens.module.css';

/** A new token's secret, shown this once, with Copy; "Done" hides it for good. */
export function NewTokenSecret({ created, onDone }: { created: TCreatedApiToken; onDone: () => void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  }

  return (
    <section className={styles.secret} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.secretTitle}>
        {API_TOKEN_TEXTS.secretTitle(created.token.name)}
      </h3>
      <p>{API_TOKEN_TEXTS.secretText}</p>
      <div className={styles.secretRow}>
        <TextField
          ref={input}
          label={API_TOKEN_TEXTS.secretLabel}
          value={created.secret}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copySecret()}>
          {copy === 'copied' ? API_TOKEN_TEXTS.copied : API_TOKEN_TEXTS.copy}
        </Button>
      </div>
      <p role="status" className={copy === 'failed' ? styles.copyFailed : hidden.visuallyHidden}>
        {copy === 'failed' ? API_TOKEN_TEXTS.copyFailed : copy === 'copied' ? API_TOKEN_TEXTS.copied : ''}
      </p>
      <div>
        <Button onClick={onDone}>{API_TOKEN_TEXTS.done}</Button>
      </div>
    </section>
  );
}
