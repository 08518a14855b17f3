import {
  FIELD_KEY_MAX_LENGTH,
  fieldKeyOf,
  fieldLabelOf,
  type TFieldDataType,
  type TImportBuiltInTarget,
  type TImportColumnTarget,
} from '@mqr/contracts';

/** The "Import as" choice of one column: not imported, a built-in target, `field:{id}` or a new field. */
export type TMappingChoice = 'ignore' | TImportBuiltInTarget | 'newField' | `field:${string}`;

/**
 * One column's row of the mapping form: its choice, and the new field's label, type and visibility
 * (`proposed`: the label and key the server proposed, kept while the label is).
 */
export type TColumnDraft = {
  choice: TMappingChoice;
  label: string;
  dataType: TFieldDataType;
  /** The new field shows on the public QR page; internal unless ticked (ADR 091). */
  isPublic: boolean;
  proposed?: { label: string; key: string };
};

/** How many sample values of a column the mapping shows, and how long each one at most. */
export const SAMPLE_COUNT = 3;
const SAMPLE_MAX_LENGTH = 60;

export { fieldKeyOf, fieldLabelOf };

/** The form's row of one column of the saved mapping. */
export function draftOf(target: TImportColumnTarget | undefined, header: string): TColumnDraft {
  const fallback = { label: fieldLabelOf(header), dataType: 'Text' as const, isPublic: false };
  if (!target) return { choice: 'ignore', ...fallback };
  switch (target.kind) {
    case 'field':
      return { choice: `field:${target.fieldId}`, ...fallback };
    case 'newField':
      return {
        choice: 'newField',
        label: target.label,
        dataType: target.dataType,
        isPublic: target.isPublic,
        proposed: { label: target.label, key: target.key },
      };
    default:
      return { choice: target.kind, ...fallback };
  }
}

/**
 * The key of each new field of the form (undefined for the other columns): the proposed one while
 * the label is the proposed one, else made from the label; one already taken (by a field of the
 * organization or an earlier column) gets `_2`, `_3`... as the server's proposal does.
 */
export function newFieldKeys(drafts: TColumnDraft[], takenKeys: Iterable<string>): (string | undefined)[] {
  const taken = new Set(takenKeys);
  return drafts.map((draft) => {
    if (draft.choice !== 'newField') return undefined;
    const label = draft.label.trim();
    const base = draft.proposed?.label === label ? draft.proposed.key : fieldKeyOf(label);
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base.slice(0, FIELD_KEY_MAX_LENGTH - 4)}_${n}`;
    taken.add(key);
    return key;
  });
}

/** What the server is sent for one row of the form (`key`: its new field's, from newFieldKeys). */
export function targetOf(draft: TColumnDraft, key: string | undefined): TImportColumnTarget {
  if (draft.choice.startsWith('field:'))
    return { kind: 'field', fieldId: draft.choice.slice('field:'.length) };
  if (draft.choice === 'newField') {
    const label = draft.label.trim();
    return {
      kind: 'newField',
      label,
      key: key ?? fieldKeyOf(label),
      dataType: draft.dataType,
      isPublic: draft.isPublic,
    };
  }
  // Two branches: a union of more than 25 members is not split by its discriminant.
  return draft.choice === 'ignore' ? { kind: 'ignore' } : { kind: draft.choice as TImportBuiltInTarget };
}

/** Up to SAMPLE_COUNT different, non-blank values of a column in the first rows of the file. */
export function samplesOf(preview: string[][], column: number): string[] {
  const seen = new Set<string>();
  for (const row of preview) {
    const value = (row[column] ?? '').trim();
    if (value) seen.add(value);
    if (seen.size === SAMPLE_COUNT) break;
  }
  return [...seen].map((value) =>
    value.length > SAMPLE_MAX_LENGTH ? `${value.slice(0, SAMPLE_MAX_LENGTH - 1)}…` : value,
  );
}
