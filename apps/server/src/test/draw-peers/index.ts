import { SD_PEER_AUTH, startA1111Peer, type A1111PeerOptions } from './a1111-peer.js';
import { OPENAI_PEER_KEY, startOpenAiImagesPeer } from './openai-images-peer.js';
import type { DrawPeer, PeerOptions } from './peer-kit.js';
import { startYjPeer, YJ_PEER_KEY, YJ_PEER_SECRET } from './yj-peer.js';

export { startA1111Peer, SD_PEER_AUTH, SD_PEER_MODELS, SD_PEER_SAMPLERS } from './a1111-peer.js';
export { startOpenAiImagesPeer, OPENAI_PEER_KEY } from './openai-images-peer.js';
export { startYjPeer, yjSign, YJ_PEER_KEY, YJ_PEER_SECRET, YJ_PEER_ENGINES, YJ_STATUS } from './yj-peer.js';
export { PEER_BEHAVIOURS, type DrawPeer, type PeerBehaviour, type PeerCall, type PeerOptions, type ProgressMark } from './peer-kit.js';

export interface DrawPeers {
  openai: DrawPeer;
  sd: DrawPeer;
  yj: DrawPeer;
  /** The DRAW_* environment that points the app at these peers. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * All three drawing peers, on `basePort`, +1, +2 when given (browser tests
 * script them at known addresses), else on free ports.
 */
export async function startDrawPeers(options: PeerOptions & { basePort?: number; sd?: Pick<A1111PeerOptions, 'internalProgress' | 'controlScanWeight'> } = {}): Promise<DrawPeers> {
  const { basePort, sd: sdOptions, ...common } = options;
  const port = (offset: number) => (basePort ? basePort + offset : undefined);
  const openai = await startOpenAiImagesPeer({ ...common, port: port(0) });
  const sd = await startA1111Peer({ ...common, ...sdOptions, port: port(1) });
  const yj = await startYjPeer({ ...common, port: port(2) });
  return {
    openai,
    sd,
    yj,
    env: {
      DRAW_OPENAI_BASE_URL: openai.url,
      DRAW_OPENAI_API_KEY: OPENAI_PEER_KEY,
      DRAW_OPENAI_MODELS: 'dall-e-3,gpt-image-1',
      DRAW_SD_URL: sd.url,
      DRAW_SD_AUTH: SD_PEER_AUTH,
      DRAW_YJ_URL: yj.url,
      DRAW_YJ_KEY: YJ_PEER_KEY,
      DRAW_YJ_SECRET: YJ_PEER_SECRET,
    },
    close: async () => {
      await Promise.all([openai.close(), sd.close(), yj.close()]);
    },
  };
}
