// The server as `npm start` runs it: its modules from the copies `npm run build` type-stripped (ADR 070),
// in a process with glibc's malloc settings (ADR 075).
import { useMallocSettings } from './malloc-settings.js';
import { useStrippedSources } from './stripped-sources.js';

useMallocSettings();
useStrippedSources();
await import('./src/server.ts');
