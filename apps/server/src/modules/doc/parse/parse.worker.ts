import { parentPort, workerData } from 'node:worker_threads';
import { parseDocument } from './parse.js';
import type { ParsedFormat } from './types.js';

/**
 * Worker-thread entry: parses one file and posts the outcome. Runs with
 * resource limits and a wall-clock timeout set by the parent (parse-pool.ts),
 * so a hostile file can exhaust only this thread.
 */
const input = workerData as { format: ParsedFormat; data: Uint8Array };
const outcome = await parseDocument(input.format, input.data);
parentPort?.postMessage(outcome);
