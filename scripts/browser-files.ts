/**
 * Runs browser test files taken from a queue that several of these processes share (`npm test` starts one a core).
 * A process loads tsx, the api and Playwright once and then runs file after file, where a process a file spent
 * about 5 s of CPU loading them again each time. Node's runner runs one file a run, in this process (isolation
 * "none"), so each file's top-level hooks still wrap its own tests only. A run ends once its file's tests have run
 * and nothing it opened is left (Node waits for the event loop to empty), so a file must close what it starts, as
 * run alone. A file is taken by whichever process makes its marker in the queue folder first, longest files first,
 * so a process that drew short ones takes more.
 *
 *   node --import tsx scripts/browser-files.ts <queue folder> <file>...
 *
 * Prints each file's report (Node's spec reporter) and how long the file took; exits 1 when any test failed.
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const [queue, ...given] = process.argv.slice(2);
if (!queue || given.length === 0) throw new Error('usage: scripts/browser-files.ts <queue folder> <file>...');

// The file's size stands in for its length: the long journeys are the long files.
const files = given.map((file) => path.resolve(file)).sort((a, b) => statSync(b).size - statSync(a).size);

function take(file: string): boolean {
  try {
    mkdirSync(path.join(queue!, path.basename(file)));
    return true;
  } catch {
    return false;
  }
}

let failed = false;
for (let file = files.find(take); file !== undefined; file = files.find(take)) {
  const started = performance.now();
  const tests = run({ files: [file], isolation: 'none' });
  tests.on('test:fail', () => {
    failed = true;
  });
  for await (const line of tests.compose(spec)) process.stdout.write(line);
  console.log(`--- ${path.relative(process.cwd(), file)}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
// Every file has run: what this runner itself still holds (the imports' pools and clients) ends with it.
process.exit(failed ? 1 : 0);
