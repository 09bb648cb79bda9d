import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, getRuntimeConfig, resetRuntimeConfig } from './runtime-config';

function inject(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'xueba-config';
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => {
  document.getElementById('xueba-config')?.remove();
  resetRuntimeConfig();
});

describe('runtime config', () => {
  it('reads the JSON data block the server puts into index.html', () => {
    inject('{"apiBase":"https://api.example.org/","apiPrefix":"/v1","version":"9.9.9","publicUrl":"https://xueba.example.org"}');
    expect(getRuntimeConfig()).toEqual({ apiBase: 'https://api.example.org', apiPrefix: '/v1', version: '9.9.9', publicUrl: 'https://xueba.example.org' });
    expect(apiUrl('/pc/config')).toBe('https://api.example.org/v1/pc/config');
  });

  it('falls back to same-origin /api without a block, with a broken one, or with values of the wrong type', () => {
    expect(getRuntimeConfig().apiPrefix).toBe('/api');
    resetRuntimeConfig();
    inject('{not json');
    expect(apiUrl('/x')).toBe('/api/x');
    document.getElementById('xueba-config')?.remove();
    resetRuntimeConfig();
    inject('{"apiPrefix":7,"apiBase":null}');
    expect(apiUrl('/x')).toBe('/api/x');
  });
});
