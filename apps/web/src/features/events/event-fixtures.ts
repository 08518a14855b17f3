import type { TFieldDefinition, TFile, TMaintenanceEvent } from '@mqr/contracts';
import { fieldDefinition } from '#web/features/fields/field-fixtures.ts';

/** Test data for the maintenance event screens. */
export function eventFile(overrides: Partial<TFile> = {}): TFile {
  return {
    id: 'file-1',
    objectKey: 'org/uploads/photo.jpg',
    fileName: 'photo.jpg',
    contentType: 'image/jpeg',
    size: 2048,
    publicUrl: '/files/file-1',
    ...overrides,
  };
}

export function maintenanceEvent(overrides: Partial<TMaintenanceEvent> = {}): TMaintenanceEvent {
  return {
    id: 'event-1',
    title: 'Annual service',
    notes: 'Replaced the filter.',
    recordedBy: 'Sam Tech',
    performedAt: '2026-03-02T09:30:15.000Z',
    taskStatus: 'Pending',
    taskStartedAt: null,
    taskStartedBy: null,
    taskCompletedAt: null,
    taskCompletedBy: null,
    dueOn: null,
    dueState: 'none',
    scheduleId: null,
    assigneeId: null,
    assigneeName: null,
    priority: 'normal',
    downFrom: null,
    downTo: null,
    timeSpent: [],
    costs: [],
    costTotalMinor: 0,
    currency: 'EUR',
    checklist: null,
    followUpOf: null,
    updatedAt: '2026-03-02T09:31:00.000Z',
    updatedBy: null,
    fields: [],
    files: [],
    changeLog: [],
    ...overrides,
  };
}

function eventField(overrides: Partial<TFieldDefinition>): TFieldDefinition {
  return fieldDefinition({ target: 'MaintenanceEvent', ...overrides });
}

/** MaintenanceEvent field definitions of every kind. */
export const EVENT_FIELDS = {
  pressure: eventField({ label: 'Pressure', dataType: 'Number' }),
  checked: eventField({ label: 'Checked on', dataType: 'Date' }),
  part: eventField({ label: 'Part', dataType: 'Select', optionsJson: '["Filter","Belt"]', isRequired: true }),
  safe: eventField({ label: 'Safe', dataType: 'Boolean' }),
  code: eventField({ label: 'Code', maxLength: 5 }),
  oldCode: eventField({ label: 'Old code', isActive: false, isRequired: true }),
};
