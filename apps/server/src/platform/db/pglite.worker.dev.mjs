// Development and test entry of the database thread (sources are TypeScript):
// loads pglite.worker.ts through tsx. The build runs pglite.worker.js directly.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite.worker.ts', import.meta.url);
