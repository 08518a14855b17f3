import { i18n } from '@lingui/core';
import { ASSET_MESSAGES, SCHEDULE_SAID } from '@mqr/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { wordMessage } from './api-messages.ts';
import { failureMessage } from './failure-message.ts';
import { activateLocale } from './i18n.ts';

// The server sends its messages with their ids and values (ADR 113); the web words them.
describe('API messages in the reader’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('a German user sees a server validation error in German, at the top and on each field', async () => {
    await activateLocale('de');
    const error = new ApiError(
      400,
      'VALIDATION',
      'Asset name is required.',
      [
        {
          path: 'name',
          message: 'Asset name must be at most 200 characters.',
          messageId: 'asset.nameTooLong',
          values: { assetNameMaxLength: 200 },
        },
      ],
      { messageId: 'asset.nameRequired' },
    );
    expect(error.message).toBe('Der Name des Objekts ist erforderlich.');
    expect(error.fields[0]?.message).toBe('Der Name des Objekts darf höchstens 200 Zeichen lang sein.');
    expect(error.englishMessage).toBe('Asset name is required.');
    expect(failureMessage('Speichern fehlgeschlagen.', error)).toBe(
      'Speichern fehlgeschlagen. Der Name des Objekts ist erforderlich.',
    );
  });

  it('words a message with values and its plural in the active language', async () => {
    await activateLocale('fr');
    const said = SCHEDULE_SAID.unknownAssets(3);
    expect(said.message).toBe('3 of these assets do not exist in this organization (or are retired).');
    expect(wordMessage(said)).toBe(
      '3 de ces équipements n’existent pas dans cette organisation (ou sont retirés du service).',
    );
  });

  it('finds the id of a contracts message from its English (client-side validation, a server without ids)', async () => {
    await activateLocale('es');
    expect(wordMessage(ASSET_MESSAGES.nameRequired)).toBe('El nombre del activo es obligatorio.');
    expect(wordMessage({ message: ASSET_MESSAGES.nameRequired })).toBe(
      'El nombre del activo es obligatorio.',
    );
  });

  it('shows the English message when it does not know the id (a newer server) or the text', async () => {
    await activateLocale('de');
    const error = new ApiError(409, 'CONFLICT', 'Something new happened.', [], {
      messageId: 'future.unknown',
    });
    expect(error.message).toBe('Something new happened.');
    expect(wordMessage('A text of no message.')).toBe('A text of no message.');
  });

  it('keeps English for English readers', () => {
    const error = new ApiError(400, 'VALIDATION', 'Asset name is required.', [], {
      messageId: 'asset.nameRequired',
    });
    expect(error.message).toBe('Asset name is required.');
  });
});
