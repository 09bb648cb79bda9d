// The three drawing peers (OpenAI Images, A1111 WebUI, 意间AI: apps/server/src/test/draw-peers/) as one
// process for browser tests and the benchmark. Run with `node --import tsx scripts/draw-peers.mjs`.
// Env: DRAW_PEERS_PORT (first of three consecutive ports; default free ports), DRAW_PEERS_SLOTS (default 1),
// DRAW_PEERS_MS_PER_PICTURE (default 1500), DRAW_PEERS_PROGRESS_STEPS (default 4).
// Prints `ready {"openai":url,"sd":url,"yj":url,"env":{DRAW_*...}}` once listening; serves until killed.
// Each peer is scripted and measured over HTTP: POST <url>/_peer/script {"behaviours":[...]},
// GET <url>/_peer/calls, GET <url>/_peer/progress-log, POST <url>/_peer/reset.
import { startDrawPeers } from '../apps/server/src/test/draw-peers/index.ts';

const number = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const peers = await startDrawPeers({
  basePort: number('DRAW_PEERS_PORT', undefined),
  slots: number('DRAW_PEERS_SLOTS', 1),
  msPerPicture: number('DRAW_PEERS_MS_PER_PICTURE', 1500),
  progressSteps: number('DRAW_PEERS_PROGRESS_STEPS', 4),
});
process.stdout.write(`ready ${JSON.stringify({ openai: peers.openai.url, sd: peers.sd.url, yj: peers.yj.url, env: peers.env })}\n`);
const stop = () => void peers.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
