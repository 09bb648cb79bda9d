import { api } from '@xueba/contract';
import { describe, expect, it } from 'vitest';
import { renderEndpointsModule } from './endpoint-meta';

describe('generated endpoint table', () => {
  it('matches the contract (the Vite build regenerates it; `vitest -u` does too)', async () => {
    await expect(renderEndpointsModule(api)).toMatchFileSnapshot('./endpoints.gen.ts');
  });
});
