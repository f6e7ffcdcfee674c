import type { Logger } from 'pino';

/**
 * During a Redis outage the client libraries reject commands that were in flight, sometimes on promises no
 * caller of ours holds (BullMQ's internal connections). Node would end the process on such an unhandled
 * rejection; the api and worker are built to ride the outage out (reconnect, then the reconcile loop rebuilds
 * lost jobs from the database), so those are logged instead. Anything else is a bug and still ends the process.
 */
export function survivesConnectionLoss(log: Logger): void {
  process.on('unhandledRejection', (reason) => {
    const message = reason instanceof Error ? reason.message : String(reason);
    if (/Connection is closed|ECONNREFUSED|ECONNRESET|Stream isn't writeable|MaxRetriesPerRequest/i.test(message)) {
      log.warn({ err: message }, 'a Redis command was lost to a dropped connection; carrying on');
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
}
