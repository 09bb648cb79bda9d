import { A1111Provider } from './a1111.js';
import type { DrawChannelConfig, DrawProvider, DrawProviderFactory } from './draw-provider.js';
import { OpenAiImagesProvider } from './openai-images.js';
import { YjProvider } from './yj.js';

/** The provider client for a channel, by its family: the one factory the drawing module calls. */
export const createDrawProvider: DrawProviderFactory = (config: DrawChannelConfig): DrawProvider => {
  switch (config.family) {
    case 'openai':
      return new OpenAiImagesProvider(config);
    case 'sd':
      return new A1111Provider(config);
    case 'yj':
      return new YjProvider(config);
  }
};
