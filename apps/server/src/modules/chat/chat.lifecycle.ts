import type { FastifyInstance } from 'fastify';
import type { AnswerRunner } from '../../platform/stream/answer-runner.js';

/**
 * Answers (chat and templates) at start-up: the runner fails what a dead run
 * left generating and starts its cross-process polling; on shutdown it stops
 * the answers still streaming, before the database closes.
 */
export async function answersLifecycle(app: FastifyInstance, runner: AnswerRunner): Promise<void> {
  await runner.start();
  app.addHook('preClose', async () => {
    await runner.stopAll();
  });
}
