/** A verify worker thread: replays the files it is sent and posts one result per file, in order. */
import { parentPort, workerData } from 'node:worker_threads';
import { loadVerifyRun, type VerifyOptions } from './rulesets.js';
import { verifyOne } from './verify.js';

interface Job {
  readonly ruleset: string;
  readonly options: VerifyOptions;
}

const job = workerData as Job;
const run = await loadVerifyRun(job.ruleset, job.options);
parentPort!.on('message', (message: { index: number; file: string } | null) => {
  if (message === null) {
    parentPort!.close();
    return;
  }
  parentPort!.postMessage({ index: message.index, result: verifyOne(run, message.file) });
});
parentPort!.postMessage({ ready: true });
