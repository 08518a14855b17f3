import type { TFieldDefinition } from '@mqr/contracts';

let counter = 0;

/** Test data: a field definition, each call a new one (its own id, label, key and order). */
export function fieldDefinition(overrides: Partial<TFieldDefinition> = {}): TFieldDefinition {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    id: `0193f8a0-0000-7000-8000-${n}`,
    target: 'Asset',
    label: `Field ${counter}`,
    key: `field_${counter}`,
    dataType: 'Text',
    isRequired: false,
    isActive: true,
    isPublic: true,
    maxLength: null,
    optionsJson: null,
    displayOrder: counter * 10,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-03T10:00:00.000Z',
    ...overrides,
  };
}
