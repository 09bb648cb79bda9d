import 'katex/dist/katex.min.css';
import './markdown.css';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { memo, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { Element } from 'hast';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { copyText } from '@/lib/clipboard';
import { AnswerImage } from './answer-image';
import { splitBlocks } from './blocks';
import { rehypeCodeHighlight } from './highlight';
import { normalizeMath } from './normalize-math';
import { isExternal, safeUrl } from './safe-url';

const remarkPlugins = [remarkGfm, [remarkMath, { singleDollarTextMath: true }]] satisfies ComponentProps<typeof Markdown>['remarkPlugins'];
// trust: false keeps \href, \url, \htmlClass and friends from emitting links or attributes; errors render inline instead of throwing.
const rehypePlugins = [
  [rehypeKatex, { throwOnError: false, strict: 'ignore', trust: false, maxExpand: 500, maxSize: 50, output: 'htmlAndMathml' }],
  rehypeCodeHighlight,
] satisfies ComponentProps<typeof Markdown>['rehypePlugins'];

function languageOf(node: Element | undefined): string {
  const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  return list.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
}

function CodeBlock({ node, ...rest }: ComponentProps<'pre'> & ExtraProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const language = languageOf(node);
  return (
    <div className="md-code">
      <div className="md-code__bar">
        <span>{language}</span>
        <button
          type="button"
          className="md-code__copy"
          data-testid="code-copy"
          onClick={() =>
            void copyText(ref.current?.querySelector('code')?.textContent ?? ref.current?.textContent ?? '', t('msg.copied'), t('msg.copy_failed')).then((ok) => {
              if (!ok) return;
              setCopied(true);
              window.setTimeout(() => setCopied(false), 1500);
            })
          }
        >
          {copied ? <CheckOutlined aria-hidden="true" /> : <CopyOutlined aria-hidden="true" />} {t('md.copy_code')}
        </button>
      </div>
      <pre ref={ref} {...rest} />
    </div>
  );
}

const components: Components = {
  pre: CodeBlock,
  a: ({ href, children }) => {
    // safeUrl already emptied an unsafe href: show the text without a link rather than a dead or dangerous one.
    if (!href) return <span className="md-link--blocked">{children}</span>;
    return isExternal(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <a href={href}>{children}</a>
    );
  },
  img: ({ src, alt }) => (typeof src === 'string' && src ? <AnswerImage src={src} alt={alt ?? ''} /> : <span>{alt}</span>),
  table: ({ children }) => (
    <div className="md-table">
      <table>{children}</table>
    </div>
  ),
};

/**
 * Renders an answer: GFM (tables, strikethrough, task lists), KaTeX formulas in
 * `$…$`, `$$…$$`, `\(…\)` and `\[…\]`, highlighted code with a copy button.
 * Raw HTML is never parsed (no rehype-raw: tags show as text) and URLs pass
 * through `safeUrl`, so nothing executable reaches the DOM. Images from other
 * hosts wait for a click (`AnswerImage`).
 */
export const MarkdownView = memo(function MarkdownView({ text, className }: { text: string; className?: string }) {
  const blocks = useMemo(() => splitBlocks(normalizeMath(text)), [text]);
  return (
    <div className={`md${className ? ` ${className}` : ''}`}>
      {blocks.map((block, index) => (
        <Block key={index} text={block} />
      ))}
    </div>
  );
});

/** One top-level block; memoised so a streaming answer re-parses only the block still growing. */
const Block = memo(function Block({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} urlTransform={safeUrl} components={components}>
      {text}
    </Markdown>
  );
});

export default MarkdownView;
