import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { drawPicture, parseSize, runTask, sendJson, sendMalformed, startPeerServer, type DrawPeer, type PeerCall, type PeerOptions, type PeerServer } from './peer-kit.js';

/**
 * A local OpenAI Images API (`/v1/images/generations`, `/v1/images/edits`)
 * that answers as the real one does for dall-e-3 and gpt-image-1: dall-e-3
 * takes n=1 only, its three sizes, quality standard|hd, style vivid|natural,
 * `response_format` url or b64_json, and revises the prompt; gpt-image-1
 * takes its sizes, quality low|medium|high|auto, background, and always
 * answers b64_json. Errors have the API's `{error: {message, type, code}}`
 * body. Other model names draw like gpt-image-1 (compatible providers).
 */
export interface OpenAiImagesPeerOptions extends PeerOptions {
  /** The key requests must bear (Authorization: Bearer); null: any. Default 'peer-key'. */
  apiKey?: string | null;
}

export const OPENAI_PEER_KEY = 'peer-key';

const DALLE3 = { sizes: ['1024x1024', '1792x1024', '1024x1792'], qualities: ['standard', 'hd'], styles: ['vivid', 'natural'] };
const GPT_IMAGE = { sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'], qualities: ['low', 'medium', 'high', 'auto'], backgrounds: ['auto', 'transparent', 'opaque'] };

function apiError(response: http.ServerResponse, status: number, message: string, code: string | null, type = 'invalid_request_error', headers: http.OutgoingHttpHeaders = {}): void {
  sendJson(response, status, { error: { message, type, param: null, code } }, headers);
}

interface ImageParams {
  model: string;
  prompt: string;
  n: number;
  size?: string;
  quality?: string;
  style?: string;
  background?: string;
  response_format?: string;
  output_format?: string;
  /** edits: the picture's bytes were there. */
  image?: boolean;
}

async function readParams(request: http.IncomingMessage, body: Buffer, edit: boolean): Promise<ImageParams | string> {
  if (!edit) {
    try {
      const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      return { ...json, n: Number(json.n ?? 1) } as unknown as ImageParams;
    } catch {
      return 'We could not parse the JSON body of your request.';
    }
  }
  // The SDK sends edits as multipart/form-data; the web Request reads it.
  const form = await new Request('http://peer/', { method: 'POST', headers: { 'content-type': request.headers['content-type'] ?? '' }, body }).formData();
  const image = form.get('image') ?? form.get('image[]');
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    model: field('model') ?? 'dall-e-2',
    prompt: field('prompt') ?? '',
    n: Number(field('n') ?? 1),
    size: field('size'),
    quality: field('quality'),
    background: field('background'),
    response_format: field('response_format'),
    output_format: field('output_format'),
    image: image instanceof Blob && image.size > 0,
  };
}

function validate(params: ImageParams, edit: boolean): string | null {
  if (!params.prompt) return "Missing required parameter: 'prompt'.";
  if (!Number.isInteger(params.n) || params.n < 1 || params.n > 10) return 'Invalid n.';
  if (params.model === 'dall-e-3') {
    if (edit) return 'Invalid model dall-e-3. The model must be one of gpt-image-1 or dall-e-2.';
    if (params.n !== 1) return 'You must provide n=1 for this model.';
    if (params.size && !DALLE3.sizes.includes(params.size)) return `Invalid size '${params.size}'. Supported values are: ${DALLE3.sizes.join(', ')}.`;
    if (params.quality && !DALLE3.qualities.includes(params.quality)) return `Invalid quality '${params.quality}'.`;
    if (params.style && !DALLE3.styles.includes(params.style)) return `Invalid style '${params.style}'.`;
    return null;
  }
  if (params.model === 'gpt-image-1') {
    if (params.response_format) return "Unknown parameter: 'response_format'.";
    if (params.size && !GPT_IMAGE.sizes.includes(params.size)) return `Invalid size '${params.size}'. Supported values are: ${GPT_IMAGE.sizes.join(', ')}.`;
    if (params.quality && !GPT_IMAGE.qualities.includes(params.quality)) return `Invalid quality '${params.quality}'.`;
    if (params.background && !GPT_IMAGE.backgrounds.includes(params.background)) return `Invalid background '${params.background}'.`;
  }
  if (edit && !params.image) return "Missing required parameter: 'image'.";
  return null;
}

export async function startOpenAiImagesPeer(options: OpenAiImagesPeerOptions = {}): Promise<DrawPeer & { peer: PeerServer }> {
  const apiKey = options.apiKey === undefined ? OPENAI_PEER_KEY : options.apiKey;
  const handle = (edit: boolean) => async (request: http.IncomingMessage, body: Buffer, call: PeerCall, response: http.ServerResponse) => {
    if (apiKey !== null && request.headers.authorization !== `Bearer ${apiKey}`) {
      return apiError(response, 401, 'Incorrect API key provided.', 'invalid_api_key');
    }
    const params = await readParams(request, body, edit);
    if (typeof params === 'string') return apiError(response, 400, params, null);
    const { image: _image, ...rest } = params;
    call.params = { ...rest, ...(edit ? { image: params.image === true } : {}) };
    const invalid = validate(params, edit);
    if (invalid) return apiError(response, 400, invalid, null);
    const behaviour = peer.next();
    call.behaviour = behaviour;
    switch (behaviour) {
      case 'refuse':
        return params.model === 'gpt-image-1'
          ? apiError(response, 400, 'Your request was rejected by the safety system.', 'moderation_blocked')
          : apiError(response, 400, 'Your request was rejected as a result of our safety system.', 'content_policy_violation');
      case 'bad_request':
        return apiError(response, 400, 'Invalid request (scripted).', 'invalid_value');
      case 'rate_limited':
        return apiError(response, 429, 'Rate limit reached for images per minute.', 'rate_limit_exceeded', 'requests', { 'retry-after': String(peer.options.retryAfterSeconds) });
      case 'server_error':
        return apiError(response, 500, 'The server had an error while processing your request.', null, 'server_error');
      case 'hang':
        return;
      default:
        break;
    }
    const abort = new AbortController();
    response.on('close', () => abort.abort());
    const outcome = await runTask(peer, { id: randomUUID(), count: params.n, signal: abort.signal });
    if (outcome === 'stopped') return;
    if (behaviour === 'malformed') return sendMalformed(response);
    const [width, height] = parseSize(params.size, [1024, 1024]) ?? [1024, 1024];
    const format = params.output_format === 'jpeg' || params.output_format === 'webp' ? params.output_format : 'png';
    const revised = params.model === 'dall-e-3' ? `A picture of ${params.prompt}, drawn with care` : undefined;
    const data = [];
    for (let i = 0; i < params.n; i += 1) {
      const picture = await drawPicture(`${params.prompt}${i ? ` #${i + 1}` : ''}`, width, height, format);
      const asUrl = behaviour === 'url' || behaviour === 'image_404' || (params.model !== 'gpt-image-1' && params.response_format !== 'b64_json');
      const item: Record<string, string> = {};
      if (behaviour === 'image_404') item.url = peer.missing();
      else if (asUrl) item.url = peer.publish(picture, `image/${format}`);
      else item.b64_json = picture.toString('base64');
      if (revised) item.revised_prompt = revised;
      data.push(item);
    }
    sendJson(response, 200, { created: Math.floor(Date.now() / 1000), data, ...(params.model === 'gpt-image-1' ? { usage: { input_tokens: 10, output_tokens: 100, total_tokens: 110 } } : {}) });
  };
  const peer = await startPeerServer(options, (method, path) => {
    if (method !== 'POST') return null;
    if (path === '/v1/images/generations') return handle(false);
    if (path === '/v1/images/edits') return handle(true);
    return null;
  });
  return { url: `${peer.url}/v1`, calls: peer.calls, progressLog: peer.progressLog, script: peer.script, close: peer.close, peer };
}
