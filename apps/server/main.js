// The server as `npm start` runs it: its modules from the copies `npm run build` type-stripped (ADR 070).
import { useStrippedSources } from './stripped-sources.js';

useStrippedSources();
await import('./src/server.ts');
