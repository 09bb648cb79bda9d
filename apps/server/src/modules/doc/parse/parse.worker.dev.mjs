// Development and test entry of the parse thread (sources are TypeScript):
// loads parse.worker.ts through tsx. The build runs parse.worker.js directly.
import { tsImport } from 'tsx/esm/api';

await tsImport('./parse.worker.ts', import.meta.url);
