import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button.tsx';
import styles from './secret-shown-once.module.css';
import { TextField } from './text-field.tsx';
import hidden from './visually-hidden.module.css';

export interface TSecretTexts {
  title: MessageDescriptor;
  text: MessageDescriptor;
  label: MessageDescriptor;
  copy: MessageDescriptor;
  copied: MessageDescriptor;
  copyFailed: MessageDescriptor;
  done: MessageDescriptor;
}

/** A secret the server answers once (an API token, a webhook signing secret), with Copy; "Done" hides it for good. */
export function SecretShownOnce({
  secret,
  texts,
  onDone,
}: {
  secret: string;
  texts: TSecretTexts;
  onDone: () => void;
}) {
  const { _ } = useLingui();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLElement>(null);
  const titleId = useId();
  // Shown above what asked for it (a button further down the page): brought into view once.
  // A block body: Chromium's scrollIntoView answers a promise, which React would take for a clean-up.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center' });
  }, []);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  }

  return (
    <section ref={box} className={styles.secret} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.secretTitle}>
        {_(texts.title)}
      </h3>
      <p>{_(texts.text)}</p>
      <div className={styles.secretRow}>
        <TextField
          ref={input}
          label={_(texts.label)}
          value={secret}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copySecret()}>
          {copy === 'copied' ? _(texts.copied) : _(texts.copy)}
        </Button>
      </div>
      <p role="status" className={copy === 'failed' ? styles.copyFailed : hidden.visuallyHidden}>
        {copy === 'failed' ? _(texts.copyFailed) : copy === 'copied' ? _(texts.copied) : ''}
      </p>
      <div>
        <Button onClick={onDone}>{_(texts.done)}</Button>
      </div>
    </section>
  );
}
