/** Starts the api (and, by default, the worker in the same process). */
import type { Logger } from 'pino';
import { createLogger } from './logger.ts';
import { loadConfig } from './config.ts';
import { openServices } from './services.ts';
import { createApp } from './app.ts';
import { startWorker } from './worker/worker.ts';
import { survivesConnectionLoss } from './process-guards.ts';
import { trackRequests } from './http/graceful-stop.ts';
import { checkAtBoot, exitOnUnsafeConfig } from './production-check.ts';

/**
 * `log` replaces the stdout logger (tests read what the api writes to its logs). In production, rejects with
 * UnsafeProductionConfig, before anything is opened, unless every setting is safe (production-check.ts).
 */
export async function startApi(config = loadConfig(), log: Logger = createLogger(config)) {
  const services = await openServices(await checkAtBoot(config), log);
  const worker = config.runWorker ? await startWorker(services) : null;
  const requests = trackRequests();
  const server = createApp(services, undefined, [requests.handlers]).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(`api listening on http://${config.host}:${port}`);
  return {
    services,
    url: `http://${config.host}:${port}`,
    async stop() {
      await requests.stop(server);
      await worker?.close();
      await services.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  survivesConnectionLoss(createLogger(config));
  const api = await startApi(config).catch(exitOnUnsafeConfig);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void api.stop().then(() => process.exit(0)));
  }
}
