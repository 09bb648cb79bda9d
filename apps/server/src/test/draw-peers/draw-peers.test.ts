import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../modules/qrcode/decode/index.js';
import { startDrawPeers, type DrawPeers, type PeerCall, type ProgressMark } from './index.js';

/** The peers as out-of-process users see them: scripted and measured over HTTP only. */
let peers: DrawPeers;

beforeAll(async () => {
  peers = await startDrawPeers({ slots: 2, msPerPicture: 400, progressSteps: 3 });
});
afterAll(async () => {
  await peers.close();
});

const root = (url: string) => new URL(url).origin;

async function generate(prompt: string): Promise<Response> {
  return fetch(`${peers.env.DRAW_OPENAI_BASE_URL}/images/generations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${peers.env.DRAW_OPENAI_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-image-1', prompt, size: '1024x1024' }),
  });
}

describe('drawing peers over HTTP', () => {
  it('take a script, refuse an unknown behaviour, and record the calls with their times', async () => {
    const openai = root(peers.openai.url);
    expect((await fetch(`${openai}/_peer/script`, { method: 'POST', body: JSON.stringify({ behaviours: ['explode'] }) })).status).toBe(400);
    expect((await fetch(`${openai}/_peer/script`, { method: 'POST', body: JSON.stringify({ behaviours: ['rate_limited'] }) })).status).toBe(200);
    const limited = await generate('one');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
    const calls = (await (await fetch(`${openai}/_peer/calls`)).json()) as PeerCall[];
    expect(calls.at(-1)).toMatchObject({ path: '/v1/images/generations', behaviour: 'rate_limited', status: 429 });
    expect(calls.at(-1)!.finishedAt).toBeGreaterThanOrEqual(calls.at(-1)!.arrivedAt);
  });

  it('draw `slots` pictures at once; the next waits for a free slot', async () => {
    const openai = root(peers.openai.url);
    await fetch(`${openai}/_peer/reset`, { method: 'POST' });
    const answers = await Promise.all(['a', 'b', 'c'].map(generate));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const calls = ((await (await fetch(`${openai}/_peer/calls`)).json()) as PeerCall[]).sort((x, y) => x.finishedAt! - y.finishedAt!);
    const took = calls.map((c) => c.finishedAt! - c.arrivedAt);
    // Two drew at once (400 ms each); the third waited for one of them, then drew.
    expect(took[0]).toBeGreaterThanOrEqual(390);
    expect(took[2]).toBeGreaterThanOrEqual(790);
  });

  it('log the times at which progress changed', async () => {
    const openai = root(peers.openai.url);
    await fetch(`${openai}/_peer/reset`, { method: 'POST' });
    await generate('progress');
    const log = (await (await fetch(`${openai}/_peer/progress-log`)).json()) as ProgressMark[];
    expect(log.map((m) => m.progress)).toEqual([0, 33, 67, 100]);
    expect(log.at(-1)!.at - log[0]!.at).toBeGreaterThanOrEqual(350);
  });
});

describe('the A1111 peer with a QR ControlNet unit', () => {
  async function drawWithControl(weight: number): Promise<Buffer> {
    const control = await QRCode.toBuffer('https://example.com/peer', { errorCorrectionLevel: 'H', margin: 2, width: 512 });
    const response = await fetch(`${peers.env.DRAW_SD_URL}/sdapi/v1/txt2img`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(peers.env.DRAW_SD_AUTH!).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a garden', width: 512, height: 640, alwayson_scripts: { ControlNet: { args: [{ input_image: control.toString('base64'), module: 'none', model: 'qr', weight }] } } }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { images: string[] };
    return Buffer.from(body.images[0]!, 'base64');
  }

  it('draws the code so that it scans, or, when scripted unscannable, so that it does not', async () => {
    await fetch(`${root(peers.sd.url)}/_peer/script`, { method: 'POST', body: JSON.stringify({ behaviours: ['unscannable'] }) });
    const scrambled = await drawWithControl(1.1);
    const painted = await drawWithControl(1.1);
    expect((await sharp(painted).metadata()).height).toBe(640);
    expect((await verify(scrambled, 'https://example.com/peer')).ok).toBe(false);
    const check = await verify(painted, 'https://example.com/peer');
    expect(check.detail).toBe('');
    expect(check.ok).toBe(true);
    const logged = peers.sd.calls.at(-1)!.params.alwayson_scripts as { ControlNet: { args: { input_image: string; weight: number }[] } };
    expect(logged.ControlNet.args[0]).toMatchObject({ weight: 1.1, input_image: expect.stringMatching(/^<\d+ base64 characters>$/) });
  });
});
