// What other modules and the route table may use of the fields module (ADR 102): they import it from here only.
export { fieldAdminRoutes, fieldRoutes } from './routes.ts';
export { type FieldDefinitionRow, getFieldDefinitionRows } from './service.ts';
export { FIELD_VALUES_MESSAGES, resolveFieldValues, valuesByLabel } from './values.ts';
