import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { siteRoutes } from './site/site.routes.js';

/** Every feature's routes, registered under the API prefix. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await siteRoutes(api, ctx);
}
