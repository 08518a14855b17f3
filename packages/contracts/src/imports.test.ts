import { describe, expect, it } from 'vitest';
import { sensitiveColumnKind } from './imports.ts';

describe('sensitiveColumnKind', () => {
  it('finds the personal and financial columns of a Snipe-IT export, and leaves the others', () => {
    const header =
      'Company,Name,Asset Tag,Category,Supplier,Manufacturer,Location,Order Number,Model,Model Notes,Model Number,Asset Notes,Purchase Date,Purchase Cost,Checkout Type,Checked Out To: Username,Checked Out To: First Name,Checked Out To: Last Name,Checked Out To: Email,Checked Out To: Location,Asset EOL Date';
    const kinds = Object.fromEntries(
      header.split(',').map((column) => [column, sensitiveColumnKind(column)]),
    );
    expect(Object.entries(kinds).filter(([, kind]) => kind !== null)).toEqual([
      ['Purchase Date', 'financial'],
      ['Purchase Cost', 'financial'],
      ['Checked Out To: Username', 'personal'],
      ['Checked Out To: First Name', 'personal'],
      ['Checked Out To: Last Name', 'personal'],
      ['Checked Out To: Email', 'personal'],
      ['Checked Out To: Location', 'personal'],
    ]);
  });

  it('reads words in HomeBox names, camelCase and other spellings', () => {
    expect(sensitiveColumnKind('HB.purchase_price')).toBe('financial');
    expect(sensitiveColumnKind('HB.sold_to')).toBe('personal');
    expect(sensitiveColumnKind('HB.field.Mobile')).toBe('personal');
    expect(sensitiveColumnKind('assignedTo')).toBe('personal');
    expect(sensitiveColumnKind('E-Mail')).toBe('personal');
    expect(sensitiveColumnKind('eMail address')).toBe('personal');
    expect(sensitiveColumnKind('Replacement VALUE')).toBe('financial');
    expect(sensitiveColumnKind('Salary')).toBe('financial');
  });

  it('does not take the asset’s own name, or words that merely contain a pattern, for personal data', () => {
    for (const column of [
      'Name',
      'Asset Name',
      'HB.name',
      'Model Name',
      'Phoneme',
      'Costume',
      'Valuers',
      'Location',
    ]) {
      expect(sensitiveColumnKind(column), column).toBeNull();
    }
  });
});
