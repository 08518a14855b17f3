// npm run build: the server's TypeScript, type-stripped into apps/server/dist/stripped (ADR 070).
import { writeStrippedSources } from '../stripped-sources.js';

console.log(`Type-stripped ${writeStrippedSources()} server source files.`);
