/**
 * The api (with its worker) as a child process the fault harness can SIGKILL and start again on the same port,
 * talking to its dependencies through the harness's proxies. Its error log is kept (the last lines) so a failed
 * scenario can say what the api saw.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kill } from '../processes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ApiProcess {
  url: string;
  /** The api's last log lines (warn and above). */
  log: string[];
  /** SIGKILL, as a crash or the OOM killer would. */
  crash(): Promise<void>;
  /** Starts it again with the same settings; settles once it answers /healthz. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startApiProcess(port: number, env: Record<string, string>): Promise<ApiProcess> {
  const url = `http://127.0.0.1:${port}`;
  const log: string[] = [];
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8');
      stream.on('data', (text: string) => {
        log.push(...text.split('\n').filter(Boolean));
        log.splice(0, Math.max(0, log.length - 200));
      });
    }
    const started = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`the api exited at start (${started.exitCode}):\n${log.slice(-20).join('\n')}`);
      const up = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      if (Date.now() > deadline) throw new Error(`the api did not start within 60 s:\n${log.slice(-20).join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await start();
  return {
    url,
    log,
    crash: async () => {
      if (child) await kill(child, 'SIGKILL');
    },
    start,
    stop: async () => {
      if (!child) return;
      const stopping = child;
      const forced = setTimeout(() => stopping.kill('SIGKILL'), 10_000);
      await kill(stopping, 'SIGTERM');
      clearTimeout(forced);
    },
  };
}
