import { type TFieldDataType, withFieldType } from '@mqr/contracts';

/** A custom field as a column of an export. */
export interface FieldColumn {
  id: string;
  key: string;
  label: string;
  dataType: TFieldDataType;
}

/**
 * The header of each custom field's column: its label, which the import matches; its key where the
 * label is taken (by a fixed column or another field, compared case-insensitively, as the import
 * compares them); `label (key)` where both are. Each is followed by the field's type
 * (withFieldType: "Install date (date)"), which the import reads back.
 */
export function fieldHeaders(fixed: readonly string[], fields: FieldColumn[]): string[] {
  const lower = (text: string) => text.trim().toLowerCase();
  const labelCounts = new Map<string, number>();
  for (const field of fields)
    labelCounts.set(lower(field.label), (labelCounts.get(lower(field.label)) ?? 0) + 1);
  const taken = new Set(fixed.map(lower));
  return fields.map((field) => {
    const candidates = [field.label, field.key, `${field.label} (${field.key})`];
    const header =
      candidates.find(
        (candidate, index) =>
          !taken.has(lower(candidate)) && (index > 0 || labelCounts.get(lower(field.label)) === 1),
      ) ?? `${field.label} (${field.id})`;
    taken.add(lower(header));
    return withFieldType(header, field.dataType);
  });
}
