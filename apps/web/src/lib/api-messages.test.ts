import { i18n } from '@lingui/core';
import {
  ASSET_LIST_MESSAGES,
  ASSET_LIST_SAID,
  ASSET_MESSAGES,
  IMPORT_SAID,
  LABEL_MESSAGES,
  LABEL_SAID,
  LANGUAGE_MESSAGES,
  PASSWORD_TOO_LONG,
  SCHEDULE_SAID,
  SSO_SAID,
} from '@mqr/contracts';
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

  it('words the refusals once sent in English only: list filters, labels, single sign-on, languages, passwords', async () => {
    await activateLocale('de');
    // As the server sends them: a label the organization wrote stays as written.
    expect(wordMessage(ASSET_LIST_SAID.operatorForType('Leistung', 'Number'))).toBe(
      '„Leistung“ ist ein Zahlenfeld: Filtern Sie es mit min und max.',
    );
    expect(wordMessage(ASSET_LIST_SAID.operatorForType('Ort', 'Select'))).toBe(
      '„Ort“ ist ein Auswahlfeld: Filtern Sie es mit any.',
    );
    expect(wordMessage(ASSET_LIST_SAID.numberBound('Leistung'))).toBe(
      'Der Bereich von „Leistung“ erwartet Zahlen, z. B. 12.5.',
    );
    expect(wordMessage(ASSET_LIST_SAID.rangeReversed('Leistung'))).toBe(
      'Im Bereich von „Leistung“ liegt min über max.',
    );
    expect(wordMessage(ASSET_LIST_MESSAGES.sortInvalid)).toBe(
      'Sortieren Sie nach created, updated, name, retired oder field:<field id>.',
    );
    expect(wordMessage(LABEL_SAID.importPartEmpty(2))).toBe(
      'Dieser Import hat weniger als 5.001 Objekte angelegt, die noch in Betrieb sind: Wählen Sie einen früheren Teil.',
    );
    expect(wordMessage(LABEL_MESSAGES.layoutInvalid)).toMatch(
      /^Wählen Sie eines der Etikettenformate: avery-l7160, /,
    );
    expect(wordMessage(SSO_SAID.endpointPrivate('jwks_uri'))).toMatch(
      /^Die Einstellungen des Anbieters nennen eine Adresse .* \(jwks_uri\): Dieser Server/,
    );
    expect(wordMessage(SSO_SAID.noAccount('ada@acme.test', 'Acme'))).toBe(
      'Für ada@acme.test gibt es kein Konto in Acme. Bitten Sie eine Administratorin oder einen Administrator, Sie hinzuzufügen.',
    );
    expect(wordMessage(LANGUAGE_MESSAGES.languageInvalid)).toBe('Wählen Sie eine Sprache: en, de, fr, es.');
    expect(wordMessage(PASSWORD_TOO_LONG)).toBe('Das Passwort darf höchstens 1024 Zeichen lang sein.');
  });

  it('names a built-in column of an import in the reader’s words; a column a person named stays as named', async () => {
    await activateLocale('de');
    expect(wordMessage(IMPORT_SAID.wrongTarget('asset'))).toBe(
      'Eine Datei dieser Art hat keine Spalte, die als „Kennung des Objekts“ importiert werden kann.',
    );
    expect(wordMessage(IMPORT_SAID.tooManyOptions('Farbe'))).toBe(
      'Spalte „Farbe“ hat mehr als 200 verschiedene Werte: Importieren Sie sie als Text.',
    );
    await activateLocale('fr');
    expect(wordMessage(IMPORT_SAID.mappedTwice('performedAt'))).toBe(
      'Une seule colonne peut être importée comme « Effectuée le ».',
    );
    await activateLocale('es');
    expect(wordMessage(IMPORT_SAID.personTooLong('completedBy'))).toBe(
      '«Completada por» debe tener como máximo 200 caracteres.',
    );
  });

  it('keeps English for English readers', () => {
    const error = new ApiError(400, 'VALIDATION', 'Asset name is required.', [], {
      messageId: 'asset.nameRequired',
    });
    expect(error.message).toBe('Asset name is required.');
  });
});
