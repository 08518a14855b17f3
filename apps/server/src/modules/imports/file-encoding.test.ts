import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectSingleByte } from './file-encoding.ts';

/** A few lines of a German register as Excel on Windows saves them; `run` varies a name, as users do. */
const germanRegister = (run: string) =>
  iconv.encode(
    [
      `Name;Standort ${run};Preis ${run};Kaufdatum ${run}`,
      `Pumpe für Kühlwasser ${run};Halle Süd;12.345,67;15.03.2021`,
      `Lüfter ${run};Büro;99,00;01.02.2020`,
    ].join('\r\n'),
    'windows-1252',
  );

describe('the encoding of a file that is not UTF-8', () => {
  it('is Windows-1252 for a short Western register, even when chardet leans a little elsewhere', async () => {
    // chardet scores this one Czech (ISO-8859-2) first; its umlauts are the same bytes there.
    expect(await detectSingleByte(germanRegister('e2v0a'), false)).toBe('windows-1252');
    for (const run of ['a1b2c', 'zz9k0', 'q0w9e', 'm3n4b']) {
      expect(await detectSingleByte(germanRegister(run), false)).toBe('windows-1252');
    }
  });

  it('is what chardet reads when the text differs in Windows-1252, and Mac Roman for bare carriage returns', async () => {
    const czech = iconv.encode(
      'Název;Umístění\r\nČerpadlo chladicí vody;Kotelna\r\nVentilátor přívodní;Sklep šachty\r\n',
      'iso-8859-2',
    );
    expect(await detectSingleByte(czech, false)).toBe('iso-8859-2');
    const russian = iconv.encode(
      'Название;Расположение\r\nНасос охлаждающей воды;Котельная\r\nВентилятор приточный;Подвал\r\n',
      'windows-1251',
    );
    expect(await detectSingleByte(russian, false)).toBe('windows-1251');
    expect(await detectSingleByte(germanRegister('x'), true)).toBe('macintosh');
  });
});
