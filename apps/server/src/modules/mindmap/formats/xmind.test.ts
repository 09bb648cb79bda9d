import { constants, deflateRawSync } from 'node:zlib';
import { MINDMAP_XMIND_INFLATED_MAX_BYTES, type MindmapNode } from '@xueba/contract';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import { exportMap, importMap, XMIND_MAX_ENTRIES } from './index.js';

const topics = (node: MindmapNode): unknown => (node.children.length ? [node.topic, node.children.map(topics)] : node.topic);
const text = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * A deflate stream of `megabytes` MiB of zeros built without holding them:
 * one MiB compressed once, ending on a byte boundary (sync flush), repeated,
 * then an empty final block. About 1 KiB per MiB.
 */
function zeroBomb(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH, level: 9 });
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
}

/** A one-entry zip written by hand, so its header can lie; `descriptor` leaves the sizes to a trailing data descriptor, as streaming zippers do. */
function handZip(name: string, packed: Buffer, declared: number, descriptor: boolean): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(descriptor ? 0x0808 : 0x0800, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(descriptor ? 0 : packed.length, 18);
  local.writeUInt32LE(descriptor ? 0 : declared, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const trailer = Buffer.alloc(16);
  trailer.writeUInt32LE(0x08074b50, 0);
  trailer.writeUInt32LE(packed.length, 8);
  trailer.writeUInt32LE(declared, 12);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(descriptor ? 0x0808 : 0x0800, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const body = Buffer.concat([local, nameBytes, packed, descriptor ? trailer : Buffer.alloc(0)]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameBytes.length, 12);
  end.writeUInt32LE(body.length, 16);
  return Buffer.concat([body, central, nameBytes, end]);
}

describe('XMind', () => {
  const tree: MindmapNode = {
    topic: '论文 📄',
    note: 'root note',
    link: 'https://example.org/',
    children: [{ topic: 'A & B', children: [{ topic: 'deep', note: 'x\ny', children: [] }] }, { topic: 'C', children: [] }],
  };

  it('writes the zip XMind 2020+ opens: content.json, metadata.json and manifest.json', () => {
    const files = unzipSync(exportMap(tree, 'xmind', 'My map').body);
    expect(Object.keys(files).sort()).toEqual(['content.json', 'manifest.json', 'metadata.json']);
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']));
    expect(manifest['file-entries']).toEqual({ 'content.json': {}, 'metadata.json': {} });
    const [sheet] = JSON.parse(new TextDecoder().decode(files['content.json']));
    expect(sheet).toMatchObject({ class: 'sheet', title: 'My map', rootTopic: { title: '论文 📄', href: 'https://example.org/', notes: { plain: { content: 'root note' } } } });
    expect(sheet.rootTopic.children.attached[0].children.attached[0]).toMatchObject({ title: 'deep', notes: { plain: { content: 'x\ny' } } });
    expect(typeof sheet.rootTopic.id).toBe('string');
    expect(importMap('xmind', exportMap(tree, 'xmind').body)).toEqual(tree);
  });

  it('reads the legacy content.xml of XMind 8', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" xmlns:xlink="http://www.w3.org/1999/xlink" version="2.0">
<sheet id="s1"><topic id="t1" structure-class="org.xmind.ui.map.unbalanced"><title>中心主题</title>
<notes><plain>plain note</plain><html><xhtml:p xmlns:xhtml="http://www.w3.org/1999/xhtml">plain note</xhtml:p></html></notes>
<children><topics type="attached">
<topic id="t2" xlink:href="https://example.org/a"><title>分支 1</title></topic>
<topic id="t3"><title>分支 2</title><children><topics type="attached"><topic id="t4"><title>子 &amp; 孙</title></topic></topics></children></topic>
</topics><topics type="detached"><topic id="t5"><title>floating</title></topic></topics></children>
</topic><title>Sheet 1</title></sheet></xmap-content>`;
    const file = zipSync({ 'content.xml': text(xml), 'META-INF/manifest.xml': text('<manifest/>') });
    const read = importMap('xmind', file);
    expect(topics(read)).toEqual(['中心主题', ['分支 1', ['分支 2', ['子 & 孙']]]]);
    expect(read.note).toBe('plain note');
    expect(read.children[0]!.link).toBe('https://example.org/a');
  });

  const invalid: [string, Uint8Array][] = [
    ['not a zip', text('hello')],
    ['a zip without content', zipSync({ 'readme.txt': text('hi') })],
    ['invalid JSON', zipSync({ 'content.json': text('[{"rootTopic": ') })],
    ['JSON without a sheet', zipSync({ 'content.json': text({ sheets: [] }) })],
    ['a topic that is not an object', zipSync({ 'content.json': text([{ rootTopic: { title: 'r', children: { attached: [42] } } }]) })],
    ['content.json not UTF-8', zipSync({ 'content.json': new Uint8Array([0x5b, 0xff, 0xfe, 0x5d]) })],
    ['a cut-off archive', exportMap(tree, 'xmind').body.subarray(0, 60)],
    ['malformed content.xml', zipSync({ 'content.xml': text('<xmap-content><sheet>') })],
  ];
  it.each(invalid)('refuses %s as not a valid XMind file', (_name, data) => {
    const error = refusal(() => importMap('xmind', data));
    expect(error.key).toBe('mindmap_file_invalid');
    expect(error.params).toEqual({ format: 'XMind' });
  });

  it('refuses a zip bomb while inflating, whatever its headers declare, without holding what it inflates to', () => {
    const packed = zeroBomb(1024);
    expect(packed.length).toBeLessThan(2 * 1024 * 1024);
    for (const descriptor of [false, true]) {
      const file = handZip('content.json', packed, 1000, descriptor);
      const before = process.memoryUsage();
      const started = performance.now();
      const error = refusal(() => importMap('xmind', file));
      const after = process.memoryUsage();
      expect(error.key).toBe('mindmap_archive_too_large');
      expect(error.params).toEqual({ max: MINDMAP_XMIND_INFLATED_MAX_BYTES / 1024 / 1024 });
      // Inflating all of it would take a gigabyte and seconds; the count stops it near the 20 MB limit.
      // (About 0.3-0.7 s and 40-60 MB here, alone on the machine.)
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(after.rss - before.rss).toBeLessThan(300 * 1024 * 1024);
    }
  });

  it('refuses an entry declaring more than the limit before inflating it', () => {
    const file = handZip('content.json', zeroBomb(1), MINDMAP_XMIND_INFLATED_MAX_BYTES + 1, false);
    expect(refusal(() => importMap('xmind', file)).key).toBe('mindmap_archive_too_large');
  });

  it('refuses an archive with too many entries', () => {
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i <= XMIND_MAX_ENTRIES; i += 1) entries[`r/${i}`] = new Uint8Array(0);
    entries['content.json'] = exportMap(tree, 'xmind').body.subarray(0, 0);
    expect(refusal(() => importMap('xmind', zipSync(entries))).key).toBe('mindmap_archive_too_large');
  });
});
