import { Trans } from '@lingui/react';
import { EVENT_TEXTS } from '../texts.ts';

/** "Performed {date}", the date in its <time> element (`text` already formatted). */
export function PerformedAt({ at, text }: { at: string; text: string }) {
  const message = EVENT_TEXTS.performed(text);
  return (
    <Trans
      id={message.id}
      message={message.message}
      values={message.values}
      components={{ 0: <time dateTime={at} /> }}
    />
  );
}
