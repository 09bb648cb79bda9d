import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { controlNetPicture, controlUnits, withoutPictures } from './controlnet-picture.js';
import { drawPicture, drawPreview, runTask, seedOf, sendJson, sendMalformed, startPeerServer, type DrawPeer, type PeerCall, type PeerOptions, type PeerServer } from './peer-kit.js';

/**
 * A local AUTOMATIC1111 / Forge WebUI API: `/sdapi/v1/txt2img` and
 * `/img2img` block until the pictures are drawn and answer
 * `{images, parameters, info}` (`info` a JSON string with the seed);
 * `/internal/progress` (A1111 ≥ 1.6) answers per task — queued with its
 * place in line in `textinfo`, active with progress and a live preview,
 * completed; `/sdapi/v1/progress` answers for the job running now;
 * `/sdapi/v1/interrupt` stops the running job, which then answers with
 * what it has (as the WebUI does). A client that hangs up does not stop
 * the job: only an interrupt does, as on the real WebUI.
 */
export interface A1111PeerOptions extends PeerOptions {
  /** `user:password` the API requires (--api-auth); null: none. Default SD_PEER_AUTH. */
  auth?: string | null;
  /** false: an older WebUI without `/internal/progress` (404). Default true. */
  internalProgress?: boolean;
  models?: string[];
  samplers?: string[];
  /** A QR ControlNet drawing scans only when its units' weights add up to at least this (default 0: always). */
  controlScanWeight?: number;
}

export const SD_PEER_AUTH = 'peer:peer-pass';
export const SD_PEER_MODELS = ['sd_xl_base_1.0.safetensors [31e35c80fc]', 'v1-5-pruned-emaonly.safetensors [6ce0161689]'];
export const SD_PEER_SAMPLERS = ['Euler a', 'Euler', 'DPM++ 2M', 'DPM++ SDE', 'DDIM'];

interface SdTask {
  id: string;
  state: 'queued' | 'active' | 'completed';
  progress: number;
  prompt: string;
  previewId: number;
  interrupt: AbortController;
  startedAt: number;
}

export async function startA1111Peer(options: A1111PeerOptions = {}): Promise<DrawPeer & { peer: PeerServer; interrupts: () => number }> {
  const auth = options.auth === undefined ? SD_PEER_AUTH : options.auth;
  const models = options.models ?? SD_PEER_MODELS;
  const samplers = options.samplers ?? SD_PEER_SAMPLERS;
  const tasks = new Map<string, SdTask>();
  let interrupts = 0;

  const authorized = (request: http.IncomingMessage) => !auth || request.headers.authorization === `Basic ${Buffer.from(auth).toString('base64')}`;
  const active = () => [...tasks.values()].filter((t) => t.state === 'active').sort((a, b) => b.startedAt - a.startedAt)[0] ?? null;

  const draw = (img2img: boolean) => async (request: http.IncomingMessage, body: Buffer, call: PeerCall, response: http.ServerResponse) => {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return sendJson(response, 422, { detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'value_error.jsondecode' }] });
    }
    const { init_images: initImages, alwayson_scripts: scripts, ...rest } = json;
    call.params = { ...rest, init_images: Array.isArray(initImages) ? initImages.length : 0, alwayson_scripts: withoutPictures(scripts) ?? null };
    if (img2img && (!Array.isArray(initImages) || initImages.length === 0)) return sendJson(response, 422, { detail: 'init_images required' });
    const sampler = typeof json.sampler_name === 'string' ? json.sampler_name : 'Euler a';
    if (!samplers.includes(sampler)) return sendJson(response, 404, { detail: 'Sampler not found' });
    const checkpoint = (json.override_settings as Record<string, unknown> | undefined)?.sd_model_checkpoint;
    if (checkpoint !== undefined && !models.includes(String(checkpoint))) return sendJson(response, 400, { error: 'RuntimeError', detail: `model ${String(checkpoint)} not found` });
    const width = Number(json.width ?? 512);
    const height = Number(json.height ?? 512);
    const count = Math.max(1, Number(json.batch_size ?? 1)) * Math.max(1, Number(json.n_iter ?? 1));
    if (!(width >= 64 && width <= 2048 && height >= 64 && height <= 2048)) return sendJson(response, 422, { detail: 'width/height out of range' });

    const behaviour = peer.next();
    call.behaviour = behaviour;
    switch (behaviour) {
      case 'refuse':
        return sendJson(response, 400, { error: 'BadRequest', detail: 'the safety checker refused the prompt' });
      case 'bad_request':
        return sendJson(response, 422, { detail: [{ loc: ['body', 'steps'], msg: 'scripted', type: 'value_error' }] });
      case 'rate_limited':
        return sendJson(response, 429, { detail: 'Too Many Requests' }, { 'retry-after': String(peer.options.retryAfterSeconds) });
      case 'server_error':
        return sendJson(response, 500, { error: 'RuntimeError', detail: 'CUDA out of memory (scripted)' });
      case 'hang':
        return;
      default:
        break;
    }
    const id = typeof json.force_task_id === 'string' && json.force_task_id ? json.force_task_id : `task(${randomUUID()})`;
    const prompt = String(json.prompt ?? '');
    const task: SdTask = { id, state: 'queued', progress: 0, prompt, previewId: 0, interrupt: new AbortController(), startedAt: 0 };
    tasks.set(id, task);
    // runTask reports progress 0 when the task leaves the line and takes a slot: then it is active.
    const outcome = await runTask(peer, {
      id,
      count,
      signal: task.interrupt.signal,
      onProgress: (progress) => {
        task.state = 'active';
        if (!task.startedAt) task.startedAt = Date.now();
        task.progress = progress;
        task.previewId += 1;
      },
    });
    task.state = 'completed';
    if (outcome === 'stopped' && peer.closing.aborted) return;
    if (behaviour === 'malformed') return sendMalformed(response);
    const requested = Number(json.seed ?? -1);
    const seed = Number.isInteger(requested) && requested >= 0 ? requested : seedOf(`${id}:${prompt}`);
    const images: string[] = [];
    // A request with a QR ControlNet unit draws the code into the picture: scanning unless scripted
    // unscannable or its weight is under the peer's threshold.
    const units = controlUnits(scripts);
    const weight = units.reduce((sum, u) => sum + u.weight, 0);
    const scans = behaviour !== 'unscannable' && weight >= (options.controlScanWeight ?? 0);
    for (let i = 0; i < count; i += 1) {
      const picture = units[0] ? await controlNetPicture(Buffer.from(units[0].image, 'base64'), width, height, prompt, seed + i, scans) : await drawPicture(`${prompt}${i ? ` #${i + 1}` : ''}`, width, height);
      images.push(picture.toString('base64'));
    }
    const info = { prompt, negative_prompt: json.negative_prompt ?? '', seed, all_seeds: images.map((_, i) => seed + i), width, height, sampler_name: sampler, cfg_scale: json.cfg_scale ?? 7, steps: json.steps ?? 20, sd_model_name: checkpoint ?? models[0], interrupted: outcome === 'stopped' };
    sendJson(response, 200, { images, parameters: { ...rest, init_images: null }, info: JSON.stringify(info) });
  };

  const peer = await startPeerServer(options, (method, path) => {
    const guard = (handler: (request: http.IncomingMessage, body: Buffer, call: PeerCall, response: http.ServerResponse) => unknown) =>
      async (request: http.IncomingMessage, body: Buffer, call: PeerCall, response: http.ServerResponse) => {
        if (!authorized(request)) return sendJson(response, 401, { detail: 'Incorrect credentials' }, { 'www-authenticate': 'Basic' });
        await handler(request, body, call, response);
      };
    if (method === 'POST' && path === '/sdapi/v1/txt2img') return guard(draw(false));
    if (method === 'POST' && path === '/sdapi/v1/img2img') return guard(draw(true));
    if (method === 'GET' && path === '/sdapi/v1/sd-models') {
      return guard((_q, _b, _c, response) => sendJson(response, 200, models.map((title) => ({ title, model_name: title.replace(/\.safetensors.*$/, ''), hash: /\[(\w+)\]/.exec(title)?.[1] ?? null, filename: `/models/${title.split(' ')[0]}`, config: null }))));
    }
    if (method === 'GET' && path === '/sdapi/v1/samplers') return guard((_q, _b, _c, response) => sendJson(response, 200, samplers.map((name) => ({ name, aliases: [], options: {} }))));
    if (method === 'POST' && path === '/sdapi/v1/interrupt') {
      return guard((_q, _b, _c, response) => {
        interrupts += 1;
        active()?.interrupt.abort();
        sendJson(response, 200, {});
      });
    }
    if (method === 'GET' && path === '/sdapi/v1/progress') {
      return guard(async (_q, _b, _c, response) => {
        const task = active();
        const preview = task && task.progress > 0 ? (await drawPreview(task.prompt, task.progress)).toString('base64') : null;
        sendJson(response, 200, {
          progress: task ? task.progress / 100 : 0,
          eta_relative: task ? ((100 - task.progress) / 100) * (peer.options.msPerPicture / 1000) : 0,
          state: { skipped: false, interrupted: false, job: task ? task.id : '', job_count: task ? 1 : 0, job_timestamp: '0', job_no: 0, sampling_step: task ? Math.round((task.progress / 100) * 20) : 0, sampling_steps: 20 },
          current_image: preview,
          textinfo: null,
        });
      });
    }
    if (method === 'POST' && path === '/internal/progress' && options.internalProgress !== false) {
      return guard(async (_q, body, call, response) => {
        const asked = JSON.parse(body.toString('utf8') || '{}') as { id_task?: string; id_live_preview?: number };
        call.params = asked;
        const task = asked.id_task ? tasks.get(asked.id_task) : undefined;
        if (!task) return sendJson(response, 200, { active: false, queued: false, completed: false, progress: null, eta: null, live_preview: null, id_live_preview: -1, textinfo: 'Waiting...' });
        if (task.state === 'queued') {
          const ahead = Math.max(1, peer.slots.position(task.id));
          return sendJson(response, 200, { active: false, queued: true, completed: false, progress: null, eta: null, live_preview: null, id_live_preview: -1, textinfo: `In queue: ${ahead}/${peer.slots.queued}` });
        }
        if (task.state === 'completed') return sendJson(response, 200, { active: false, queued: false, completed: true, progress: null, eta: null, live_preview: null, id_live_preview: -1, textinfo: null });
        const fresh = task.progress > 0 && task.previewId !== asked.id_live_preview;
        const preview = fresh ? `data:image/png;base64,${(await drawPreview(task.prompt, task.progress)).toString('base64')}` : null;
        sendJson(response, 200, { active: true, queued: false, completed: false, progress: task.progress / 100, eta: ((100 - task.progress) / 100) * (peer.options.msPerPicture / 1000), live_preview: preview, id_live_preview: task.previewId, textinfo: null });
      });
    }
    return null;
  });
  return { url: peer.url, calls: peer.calls, progressLog: peer.progressLog, script: peer.script, close: peer.close, peer, interrupts: () => interrupts };
}
