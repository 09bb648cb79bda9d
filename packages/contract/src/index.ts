export * from './locales.js';
export * from './envelope.js';
export * from './messages.js';
export * from './common.js';
export * from './endpoint.js';
export * from './site.js';
export * from './auth.js';
export * from './user.js';
export * from './share.js';
export * from './admin.js';

import { siteEndpoints } from './site.js';
import { authEndpoints } from './auth.js';
import { userEndpoints } from './user.js';
import { shareEndpoints } from './share.js';
import { adminEndpoints } from './admin.js';

/** Every JSON endpoint, by name. Routes, OpenAPI and the web request layer all read this. */
export const api = {
  ...siteEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...shareEndpoints,
  ...adminEndpoints,
};
