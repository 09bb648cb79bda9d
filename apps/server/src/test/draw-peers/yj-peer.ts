import { createHash, randomUUID } from 'node:crypto';
import type http from 'node:http';
import { drawPicture, runTask, seedOf, sendJson, sendMalformed, startPeerServer, type DrawPeer, type PeerBehaviour, type PeerCall, type PeerOptions, type PeerServer } from './peer-kit.js';

/**
 * A local 意间AI open API, as the public clients use it (see
 * providers/draw/yj.ts for what was relied on): form-urlencoded POSTs to
 * `<base>/put_task` and `<base>/show_task_detail`, each bearing `apikey`
 * and `timestamp` (seconds) and a header `sign` = md5 of the parameters
 * plus `apisecret`, sorted by key, joined as `k=v&…` (values as sent, not
 * encoded). The peer checks the key, the timestamp (±300 s) and the
 * signature, and refuses a wrong one. Answers are `{status, reason, data}`
 * (status 0: fine). A task is queued (Status 0, Position = tasks ahead),
 * drawn (Status 1, Progress 0–100), then finished (Status 2, ImagePath a
 * picture URL) or failed (Status 3; an audit failure says why in
 * CheckSafeMessage). Tasks live on whatever the client does: a restarted
 * client resumes polling them.
 */
export interface YjPeerOptions extends PeerOptions {
  apiKey?: string;
  secret?: string;
  engines?: string[];
}

export const YJ_PEER_KEY = 'yj-peer-key';
export const YJ_PEER_SECRET = 'yj-peer-secret';
export const YJ_PEER_BASE = '/painting-open-api/site/';
export const YJ_PEER_ENGINES = ['stable_diffusion', 'anything_diffusion', 'photoreal_engine'];
/** The API's ratio codes: 0 4:3, 1 3:4, 2 1:1, 3 16:9, 4 9:16; the sizes the peer draws them at. */
const RATIO_SIZES: Record<string, [number, number]> = { '0': [768, 576], '1': [576, 768], '2': [640, 640], '3': [768, 432], '4': [432, 768] };

export const YJ_STATUS = { queued: 0, drawing: 1, done: 2, failed: 3 } as const;

interface YjTask {
  uuid: string;
  status: number;
  progress: number;
  imagePath: string;
  checkSafeMessage: string;
  prompt: string;
  engine: string;
  ratio: number;
  seed: number;
  createdAt: number;
}

/** md5 of the key-sorted `k=v&…` of the parameters with the secret among them. */
export function yjSign(params: Record<string, string>, secret: string): string {
  const all: Record<string, string> = { ...params, apisecret: secret };
  const text = Object.keys(all)
    .sort()
    .map((key) => `${key}=${all[key]}`)
    .join('&');
  return createHash('md5').update(text).digest('hex');
}

export async function startYjPeer(options: YjPeerOptions = {}): Promise<DrawPeer & { peer: PeerServer; tasks: Map<string, YjTask> }> {
  const apiKey = options.apiKey ?? YJ_PEER_KEY;
  const secret = options.secret ?? YJ_PEER_SECRET;
  const engines = options.engines ?? YJ_PEER_ENGINES;
  const tasks = new Map<string, YjTask>();
  const fail = (response: http.ServerResponse, status: number, reason: string) => sendJson(response, 200, { status, reason, data: null });

  /** Reads and checks the form; null when it answered a refusal already. */
  function checked(request: http.IncomingMessage, body: Buffer, call: PeerCall, response: http.ServerResponse): Record<string, string> | null {
    const form = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
    const { init_image: initImage, ...rest } = form;
    call.params = { ...rest, ...(initImage ? { init_image: `${initImage.length} chars` } : {}), sign_ok: false };
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      fail(response, 1001, 'content-type must be application/x-www-form-urlencoded');
      return null;
    }
    if (form.apikey !== apiKey) {
      fail(response, 1002, 'apikey 不存在');
      return null;
    }
    const timestamp = Number(form.timestamp);
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      fail(response, 1003, 'timestamp 过期');
      return null;
    }
    if (request.headers.sign !== yjSign(form, secret)) {
      fail(response, 1004, 'sign 校验失败');
      return null;
    }
    call.params.sign_ok = true;
    return form;
  }

  function detail(task: YjTask) {
    return {
      Uuid: task.uuid,
      Status: task.status,
      Progress: task.progress,
      Position: task.status === YJ_STATUS.queued ? Math.max(1, peer.slots.position(task.uuid)) : 0,
      ImagePath: task.imagePath,
      ThumbImagePath: task.imagePath,
      CheckSafeMessage: task.checkSafeMessage,
      TextPrompt: task.prompt,
      Engine: task.engine,
      RatioType: task.ratio,
      Seed: task.seed,
      CreateTime: new Date(task.createdAt).toISOString(),
    };
  }

  async function draw(task: YjTask, behaviour: PeerBehaviour): Promise<void> {
    const outcome = await runTask(peer, {
      id: task.uuid,
      count: 1,
      onProgress: (progress) => {
        task.status = YJ_STATUS.drawing;
        task.progress = progress;
      },
    });
    if (outcome === 'stopped') return;
    if (behaviour === 'refuse') {
      task.status = YJ_STATUS.failed;
      task.checkSafeMessage = '内容审核未通过：画面包含敏感内容';
      return;
    }
    if (behaviour === 'image_404') task.imagePath = peer.missing();
    else {
      const [width, height] = RATIO_SIZES[String(task.ratio)] ?? [640, 640];
      task.imagePath = peer.publish(await drawPicture(task.prompt, width, height), 'image/png');
    }
    task.status = YJ_STATUS.done;
    task.progress = 100;
  }

  const peer = await startPeerServer(options, (method, path) => {
    if (method !== 'POST' || !path.startsWith(YJ_PEER_BASE)) return null;
    const name = path.slice(YJ_PEER_BASE.length);
    if (name === 'put_task') {
      return (request, body, call, response) => {
        const form = checked(request, body, call, response);
        if (!form) return;
        if (!form.prompt) return fail(response, 1005, 'prompt 不能为空');
        if (!(form.ratio ?? '') || !RATIO_SIZES[form.ratio!]) return fail(response, 1006, 'ratio 取值 0-4');
        if (!engines.includes(form.engine ?? '')) return fail(response, 1007, `engine 不存在: ${form.engine ?? ''}`);
        const behaviour = peer.next();
        call.behaviour = behaviour;
        switch (behaviour) {
          case 'bad_request':
            return fail(response, 1008, '参数错误 (scripted)');
          case 'rate_limited':
            return sendJson(response, 429, { status: 429, reason: 'too many requests', data: null }, { 'retry-after': String(peer.options.retryAfterSeconds) });
          case 'server_error':
            return sendJson(response, 500, { status: 500, reason: 'internal error', data: null });
          case 'hang':
            return;
          case 'malformed':
            return sendMalformed(response);
          default:
            break;
        }
        const task: YjTask = { uuid: randomUUID(), status: YJ_STATUS.queued, progress: 0, imagePath: '', checkSafeMessage: '', prompt: form.prompt, engine: form.engine!, ratio: Number(form.ratio), seed: seedOf(form.prompt), createdAt: Date.now() };
        tasks.set(task.uuid, task);
        void draw(task, behaviour);
        sendJson(response, 200, { status: 0, reason: '', data: { Uuid: task.uuid, User: { ApiKey: apiKey, Score: 1000 } } });
      };
    }
    if (name === 'show_task_detail') {
      return (request, body, call, response) => {
        const form = checked(request, body, call, response);
        if (!form) return;
        const task = tasks.get(form.uuid ?? '');
        if (!task) return fail(response, 1009, '任务不存在');
        sendJson(response, 200, { status: 0, reason: '', data: detail(task) });
      };
    }
    return null;
  });
  return { url: `${peer.url}${YJ_PEER_BASE}`, calls: peer.calls, progressLog: peer.progressLog, script: peer.script, close: peer.close, peer, tasks };
}
