// The I/O floor of verify, as a cold process: read every transcript twice, split both into lines and compare
// them line by line (the second read stands in for the engine's output). Usage: node bench-floor.mjs <list file>
import { readFileSync } from 'node:fs';

const files = readFileSync(process.argv[2], 'utf8').split('\n').filter((l) => l !== '');
let lines = 0;
for (const f of files) {
  const expected = readFileSync(f, 'utf8').split('\n');
  const actual = readFileSync(f, 'utf8').split('\n');
  for (let i = 0; i < expected.length; i++) if (expected[i] !== actual[i]) throw new Error(`${f}: copy differs`);
  lines += expected.length;
}
console.log(`${files.length}/${files.length} identical`);
console.error(`${lines} lines compared`);
