/**
 * What the exports feature offers the other features (ADR 022): the button that opens the CSV exports,
 * and the download of a CSV that needs the bearer token (the import problems).
 */
export { downloadCsv } from './api/download-csv.ts';
export { ExportButton } from './components/export-button.tsx';
