export { request, MAX_RETRIES, type RequestOptions } from './request';
export { upload, uploadImage, type UploadedImage, type UploadOptions } from './upload';
export { stream, type StreamOptions } from './stream';
export { SseParser, type SseEvent } from './sse';
export { RequestError, isRequestError } from './errors';
export { buildQuery, toFormData } from './query-string';
export { configureRequest, requestContext } from './context';
