/** Runs the BullMQ worker alone (no HTTP): how the worker scales out beside api instances with RUN_WORKER=false. */
import { createLogger } from './logger.ts';
import { loadConfig } from './config.ts';
import { openServices } from './services.ts';
import { startWorker } from './worker/worker.ts';
import { survivesConnectionLoss } from './process-guards.ts';
import { checkAtBoot, exitOnUnsafeConfig } from './production-check.ts';

const loaded = loadConfig(undefined, 'worker');
const log = createLogger(loaded);
survivesConnectionLoss(log);
// The api's own boot check: a worker refuses unsafe production settings just as the api does.
const config = await checkAtBoot(loaded, 'worker').catch(exitOnUnsafeConfig);
const services = await openServices(config, log, 'worker');
const worker = await startWorker(services);
log.info('worker running');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void worker
        .close()
        .then(() => services.close())
        .then(() => process.exit(0)),
  );
}
