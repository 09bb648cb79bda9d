import type { Element, ElementContent, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import latex from 'highlight.js/lib/languages/latex';
import markdown from 'highlight.js/lib/languages/markdown';
import matlab from 'highlight.js/lib/languages/matlab';
import python from 'highlight.js/lib/languages/python';
import r from 'highlight.js/lib/languages/r';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';
import { visit } from 'unist-util-visit';

/**
 * Syntax highlighting for fenced code with the languages researchers write
 * (rehype-highlight bundles lowlight's 37 "common" grammars, about three
 * times the size). Unknown languages stay plain text; nothing is guessed.
 */
const lowlight = createLowlight({ bash, c, cpp, css, java, javascript, json, latex, markdown, matlab, python, r, shell, sql, typescript, xml, yaml });
lowlight.registerAlias({ bash: ['sh', 'zsh'], javascript: ['js', 'jsx'], typescript: ['ts', 'tsx'], xml: ['html', 'svg'], latex: ['tex'], python: ['py'], yaml: ['yml'], markdown: ['md'], cpp: ['c++'] });

function languageOf(node: Element): string | undefined {
  const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
  return classes.find((name) => name.startsWith('language-'))?.slice('language-'.length).toLowerCase();
}

export function rehypeCodeHighlight() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'code' || !parent || (parent as Element).tagName !== 'pre') return;
      const language = languageOf(node);
      if (!language || !lowlight.registered(language)) return;
      const result = lowlight.highlight(language, toText(node, { whitespace: 'pre' }));
      const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
      node.properties.className = [...classes, 'hljs'];
      node.children = result.children as ElementContent[];
    });
  };
}
