/** A verify worker thread: replays the cases it is sent and posts one result per case. */
import { parentPort, workerData } from 'node:worker_threads';
import { rulesetById } from '../rulesets/registry.js';
import { verifyOne, type DetailFor, type VerifyItem } from './verify.js';

/** Which ruleset's engine plays the cases; each case carries its options in its spec (read in the main thread). */
interface Job {
  readonly ruleset: string;
  readonly detailFor: DetailFor;
}

const job = workerData as Job;
const entry = rulesetById(job.ruleset)!;
const engine = await entry.engine();
parentPort!.on('message', (message: { index: number; item: VerifyItem } | null) => {
  if (message === null) {
    parentPort!.close();
    return;
  }
  verifyOne(entry, engine, message.item, job.detailFor).then(
    (result) => parentPort!.postMessage({ index: message.index, result }),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  );
});
parentPort!.postMessage({ ready: true });
