import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { Unzip, UnzipInflate, Inflate } from 'fflate';
const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH, level: 9 });
const packed = Buffer.concat([...Array.from({ length: 30 }, () => block), Buffer.from([0x03, 0x00])]);
console.log('zlib inflates', inflateRawSync(packed).length, block.length);
const inf = new Inflate();
let n = 0;
inf.ondata = (d, f) => { n += d.length; };
try { for (let i = 0; i < packed.length; i += 4096) inf.push(packed.subarray(i, i + 4096), i + 4096 >= packed.length); console.log('fflate', n); } catch (e) { console.log('fflate err', e.message, n); }
