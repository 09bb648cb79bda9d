/**
 * The messages between the app's thread (pglite-thread.ts) and the database
 * thread (pglite.worker.ts). Kept apart from both: the worker's module runs
 * only inside the thread, and the app's side must not load it.
 */
export type ThreadRequest = { id: number; bytes: Uint8Array } | { id: number; close: true };
export type ThreadReply = { id: number; bytes: Uint8Array } | { id: number; error: string } | { id: number; closed: true };

/** The id of the reply that says the database is open (or why it could not be opened). */
export const READY_ID = 0;
