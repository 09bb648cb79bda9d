// Uploads live in './upload' and are imported from there: re-exporting them here would pull the
// upload schema module (and zod) into the first screen through this barrel.
export { request, MAX_RETRIES, type RequestOptions } from './request';
export { stream, type StreamOptions } from './stream';
export { createSseReader, type SseEvent, type SseReader } from './sse';
export { RequestError, isRequestError, hasKey, isBalanceRefusal, isRefusal } from './errors';
export { buildQuery, toFormData } from './query-string';
export { configureRequest, requestContext } from './context';
