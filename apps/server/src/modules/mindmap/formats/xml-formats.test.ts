import type { MindmapNode } from '@xueba/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import { exportMap, importMap } from './index.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const topics = (node: MindmapNode): unknown => (node.children.length ? [node.topic, node.children.map(topics)] : node.topic);

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('FreeMind', () => {
  it('reads a file as FreeMind and Freeplane write it: entities, XHTML notes, the old note hook, HTML topics', () => {
    const mm = `<map version="1.0.1">
<!-- To view this file, download free mind mapping software FreeMind from http://freemind.sourceforge.net -->
<node CREATED="1700000000000" ID="ID_1" MODIFIED="1700000000000" TEXT="&#x601d;&#x7ef4;&#x5bfc;&#x56fe; &amp; map">
<font NAME="SansSerif" SIZE="20"/>
<richcontent TYPE="NOTE"><html>
  <head>

  </head>
  <body>
    <p>
      &#31532;&#19968;&#34892;
    </p>
    <p>second   line<br/>third</p>
  </body>
</html>
</richcontent>
<node ID="ID_2" POSITION="right" TEXT="Link &quot;here&quot;" LINK="https://example.org/?a=1&amp;b=2">
<edge STYLE="bezier"/>
<icon BUILTIN="idea"/>
<node TEXT="old note">
<hook NAME="accessories/plugins/NodeNote.properties"><text>hook note</text></hook>
</node>
</node>
<node ID="ID_3" POSITION="left">
<richcontent TYPE="NODE"><html><head/><body><p>HTML <b>topic</b></p></body></html></richcontent>
<node TEXT="中文直接写 😀"/>
</node>
</node>
</map>`;
    const tree = importMap('mm', bytes(mm));
    expect(topics(tree)).toEqual(['思维导图 & map', [['Link "here"', ['old note']], ['HTML topic', ['中文直接写 😀']]]]);
    expect(tree.note).toBe('第一行\nsecond   line\nthird');
    expect(tree.children[0]!.link).toBe('https://example.org/?a=1&b=2');
    expect(tree.children[0]!.children[0]!.note).toBe('hook note');
  });

  it('writes non-ASCII as character references and escapes markup', () => {
    const tree: MindmapNode = { topic: '导图 <&> "x"', note: 'a\n\nb & c', children: [{ topic: '😀', children: [] }] };
    const mm = exportMap(tree, 'mm').body.toString();
    expect(mm).toMatch(/^<map version="1.0.1">/);
    expect(mm).toContain('TEXT="&#23548;&#22270; &lt;&amp;&gt; &quot;x&quot;"');
    expect(mm).toContain('TEXT="&#128512;"');
    expect(mm).toContain('<p>a</p><p></p><p>b &amp; c</p>');
    expect([...mm].every((c) => c.charCodeAt(0) < 128)).toBe(true);
    expect(importMap('mm', bytes(mm))).toEqual(tree);
  });
});

describe('OPML', () => {
  it('reads several top-level outlines under the document title, with _note and htmlUrl', () => {
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>阅读清单</title></head><body>
  <outline text="Papers" _note="to read&#10;this week">
    <outline text="Attention" type="link" url="https://arxiv.org/abs/1706.03762"/>
  </outline>
  <outline text="Blogs" htmlUrl="https://example.org/feed"/>
</body></opml>`;
    const tree = importMap('opml', bytes(opml));
    expect(topics(tree)).toEqual(['阅读清单', [['Papers', ['Attention']], 'Blogs']]);
    expect(tree.children[0]!.note).toBe('to read\nthis week');
    expect(tree.children[0]!.children[0]!.link).toBe('https://arxiv.org/abs/1706.03762');
    expect(tree.children[1]!.link).toBe('https://example.org/feed');
  });

  it('keeps newlines and quotes of notes through attributes', () => {
    const tree: MindmapNode = { topic: 'r', note: `it's "quoted"\n\ttabbed & <tagged>`, children: [] };
    const opml = exportMap(tree, 'opml', 'Title & co').body.toString();
    expect(opml).toContain('_note="it&apos;s &quot;quoted&quot;&#10;&#9;tabbed &amp; &lt;tagged&gt;"');
    expect(opml).toContain('<title>Title &amp; co</title>');
    expect(importMap('opml', bytes(opml))).toEqual(tree);
  });
});

describe('malformed XML files', () => {
  const cases: [string, 'opml' | 'mm', string][] = [
    ['not XML', 'opml', 'just some text, not <xml'],
    ['not XML', 'mm', '{"json": true}'],
    ['unclosed element', 'mm', '<map><node TEXT="a"></map>'],
    ['wrong root', 'opml', '<map><node TEXT="a"/></map>'],
    ['wrong root', 'mm', '<opml><body><outline text="a"/></body></opml>'],
    ['no outline', 'opml', '<opml version="2.0"><head/><body/></opml>'],
    ['no node', 'mm', '<map version="1.0.1"/>'],
  ];
  it.each(cases)('%s (%s) is refused as not a valid file of that format', (_name, format, text) => {
    const error = refusal(() => importMap(format, bytes(text)));
    expect(error.key).toBe('mindmap_file_invalid');
    expect(error.params).toEqual({ format: format === 'mm' ? 'FreeMind' : 'OPML' });
  });

  it('never expands declared entities (billion laughs) nor reads external ones', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE map [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<map><node TEXT="&lol9;"/></map>`;
    const external = `<?xml version="1.0"?>
<!DOCTYPE opml [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<opml version="2.0"><body><outline text="&secret;"/></body></opml>`;
    expect(refusal(() => importMap('mm', bytes(laughs))).key).toBe('mindmap_file_invalid');
    expect(refusal(() => importMap('opml', bytes(external))).key).toBe('mindmap_file_invalid');
  });

  it('refuses too deep and too many nodes with the limits named', () => {
    const deep = `<map>${'<node TEXT="x">'.repeat(40)}${'</node>'.repeat(40)}</map>`;
    expect(refusal(() => importMap('mm', bytes(deep))).key).toBe('mindmap_too_deep');
    const wide = `<opml><body><outline text="r">${'<outline text="x"/>'.repeat(6000)}</outline></body></opml>`;
    expect(refusal(() => importMap('opml', bytes(wide))).key).toBe('mindmap_too_many_nodes');
  });

  it('reads UTF-16 and GB18030 text files', () => {
    const opml = '<opml version="2.0"><body><outline text="中文"/></body></opml>';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(opml, 'utf16le')]);
    expect(importMap('opml', utf16).topic).toBe('中文');
    const gb = Buffer.from([...Buffer.from('# '), 0xd6, 0xd0, 0xce, 0xc4]);
    expect(importMap('md', gb).topic).toBe('中文');
  });

  it('takes linear time on long whitespace runs in notes', () => {
    const started = performance.now();
    const opml = `<opml><body><outline text="a" _note="${'&#10;'.repeat(200_000)}x${'&#10;'.repeat(200_000)}"/></body></opml>`;
    expect(importMap('opml', bytes(opml)).note).toBe('x');
    const mm = `<map><node TEXT="a"><richcontent TYPE="NOTE"><html><body><p>a${' '.repeat(1_000_000)}b</p></body></html></richcontent></node></map>`;
    expect(refusal(() => importMap('mm', bytes(mm))).key).toBe('mindmap_note_too_long');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('refuses a file over the import size limit', () => {
    expect(refusal(() => importMap('md', Buffer.alloc(5 * 1024 * 1024 + 1, 0x61))).key).toBe('mindmap_file_too_large');
  });
});
