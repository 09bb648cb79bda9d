import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { HelpSource } from '../retrieval/help-source.js';
import { modelsRoutes } from '../models/models.routes.js';
import { favoritesRoutes } from '../favorites/favorites.routes.js';
import { TemplatesService } from '../templates/templates.service.js';
import { templatesRoutes } from '../templates/templates.routes.js';
import { AnswerGate } from '../../platform/stream/answer-gate.js';
import { AnswerRunner } from '../../platform/stream/answer-runner.js';
import { ChatService } from './chat.service.js';
import { chatRoutes } from './chat.routes.js';

/**
 * The AI features as one registration: model channels, chat, favorites and writing
 * templates share the model catalogue (`app.services.models`), the gate
 * (limits, balance) and the runner (streams in progress), so they are built
 * here once. Also registers the `help` retrieval source, fails answers left
 * generating by a previous run, and stops running answers on shutdown.
 */
export async function aiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const services = app.services;
  services.retrieval.register(new HelpSource(services.settings));
  const runner = new AnswerRunner(ctx, services.ledger, app.log, services.tasks);
  const gate = new AnswerGate(ctx, services.settings, services.userInfo, services.retrieval);
  const chat = new ChatService(ctx, services.models, gate, runner);
  const templates = new TemplatesService(ctx, services.settings, services.models, gate, runner);

  await runner.start();
  await templates.seed();
  app.addHook('preClose', async () => {
    await runner.stopAll();
  });

  await modelsRoutes(app, services.models, runner);
  await chatRoutes(app, chat, runner);
  await favoritesRoutes(app, ctx);
  await templatesRoutes(app, templates, runner);
}
