import { createTestApp, makeUser, type TestApp } from './helpers.js';
import { FakeOpenAI } from './fake-openai.js';
import { listen } from './sse-client.js';

export interface AiTestApp {
  t: TestApp;
  fake: FakeOpenAI;
  /** Base URL of the listening app, for real-HTTP stream tests. */
  base: string;
  admin: Awaited<ReturnType<typeof makeUser>>;
  close(): Promise<void>;
}

/** A test app whose env channel points at a local OpenAI-compatible upstream, listening on a port, with an admin. */
export async function startAiTestApp(apiKey: string, models: string): Promise<AiTestApp> {
  const fake = await FakeOpenAI.start();
  const t = await createTestApp({ AI_BASE_URL: fake.url, AI_API_KEY: apiKey, AI_MODELS: models });
  const base = await listen(t.app);
  const admin = await makeUser(t.app, { role: 'admin' });
  return {
    t,
    fake,
    base,
    admin,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
