import { expect } from 'vitest';
import { DrawProviderError, type DrawHooks, type DrawProgress, type DrawRequest } from '../providers/draw/draw-provider.js';

/** A text-to-image request with every optional parameter unset; each family's tests override what they draw. */
export function drawRequest(fields: Pick<DrawRequest, 'model' | 'prompt' | 'size'> & Partial<DrawRequest>): DrawRequest {
  return {
    generation: 'txt2img',
    negativePrompt: '',
    style: null,
    quality: null,
    background: null,
    n: 1,
    referenceImage: null,
    denoisingStrength: null,
    sampler: null,
    steps: null,
    cfgScale: null,
    seed: null,
    ...fields,
  };
}

/** Hooks that record every progress report and remote task id a provider gives. */
export function recordingHooks(signal: AbortSignal = new AbortController().signal): { progress: DrawProgress[]; tasks: string[]; hooks: DrawHooks } {
  const progress: DrawProgress[] = [];
  const tasks: string[] = [];
  return { progress, tasks, hooks: { signal, onProgress: (p) => progress.push(p), onRemoteTask: (id) => tasks.push(id) } };
}

/** The DrawProviderError a provider call failed with (the test fails when it did not fail that way). */
export async function providerFailure(promise: Promise<unknown>): Promise<DrawProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DrawProviderError);
  return error as DrawProviderError;
}
