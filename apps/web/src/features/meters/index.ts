/**
 * What the meters feature offers the other features (ADR 022): an asset's meters (the schedule
 * form's usage trigger), the readings entered with a task's completion, the staff view of a scanned
 * asset, and the reading the offline outbox sends later. The asset page's "Meters" card is composed
 * in app/routes.
 */
export { useAssetMeters } from './api/get-asset-meters.ts';
export { meterKeys } from './api/meter-keys.ts';
export { needsConfirm, recordReading } from './api/record-reading.ts';
export { ScannedAssetMeters } from './components/scanned-asset-meters.tsx';
export { TaskMeterReadings, type TTaskReadings, useTaskReadings } from './components/task-meter-readings.tsx';
export { formatReading, parseReading } from './lib/meter-format.ts';
