// The test suite's OpenAI-compatible fake upstream (apps/server/src/test/fake-openai.ts)
// as a child process for `npm run bench -- chat`. Run with `node --import tsx`.
// stdin commands, one per line: `script <json>` sets the default script; `release` releases held streams.
import readline from 'node:readline';
import { FakeOpenAI } from '../../apps/server/src/test/fake-openai.ts';

const fake = await FakeOpenAI.listen(Number(process.env.PORT ?? 0));
fake.record = false;
process.stdout.write(`ready ${fake.url}\n`);
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, ...rest] = line.split(' ');
  if (command === 'script') fake.setDefault(JSON.parse(rest.join(' ')));
  else if (command === 'release') fake.release();
  process.stdout.write(`ok ${command}\n`);
});
lines.on('close', () => void fake.close().then(() => process.exit(0)));
