// The test suite's OpenAI-compatible fake upstream (apps/server/src/test/fake-openai.ts)
// as a child process for `npm run bench -- chat` and the e2e server. Run with `node --import tsx`.
// stdin commands, one per line: `script <json>` sets the default script; `release` releases held streams.
//
// Echo: a request whose system prompt contains ECHO_MARKER (a skill's prompt in the browser tests) is
// answered with that system prompt as the answer's first line, so a test can see which instructions the
// model got; every other request keeps the default script, as before.
import readline from 'node:readline';
import { FakeOpenAI } from '../../apps/server/src/test/fake-openai.ts';

export const ECHO_MARKER = '[echo-system-prompt]';

const fake = await FakeOpenAI.listen(Number(process.env.PORT ?? 0));
fake.record = false;
fake.scriptFor = (messages) => {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
  if (!system.includes(ECHO_MARKER)) return undefined;
  return { chunks: [`System prompt: ${system.replace(/\s+/g, ' ').trim()}\n\n`, 'End of echo.'] };
};
process.stdout.write(`ready ${fake.url}\n`);
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, ...rest] = line.split(' ');
  if (command === 'script') fake.setDefault(JSON.parse(rest.join(' ')));
  else if (command === 'release') fake.release();
  process.stdout.write(`ok ${command}\n`);
});
lines.on('close', () => void fake.close().then(() => process.exit(0)));
