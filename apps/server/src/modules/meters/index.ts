// What other modules and the route table may use of the meters module (ADR 102): they import it from here only.

export {
  type FileReading,
  type ImportedReading,
  type ImportMeter,
  importedReadingProblem,
  metersOfAssets,
  type ReadingImportRun,
  recordImportedReadings,
} from './import.ts';
export { assetMeterAdminRoutes, assetMeterRoutes, meterAdminRoutes, meterRoutes } from './routes.ts';
