/**
 * What the exports feature offers the other features (ADR 022): the button that opens the CSV exports,
 * the export of the asset list's selection, and the download of a CSV that needs the bearer token (the import problems).
 */
export { downloadCsv } from './api/download-csv.ts';
export { ExportButton, ExportSelectionButton } from './components/export-button.tsx';
