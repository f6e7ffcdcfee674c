// Starts a local anvil (chain 31337) from the `@foundry-rs/anvil` npm package's platform binary.
// We spawn the binary directly rather than the package's Node wrapper: one process to stop, no extra 0.3 s.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export const ANVIL_CHAIN_ID = 31337;

/** Anvil's default mnemonic ("test test ... junk") accounts 0-9: deterministic, public, local use only. */
export { ANVIL_PRIVATE_KEYS } from '../../api/src/relayer/config.ts';

export interface StartAnvilOptions {
  port?: number;
  /** Give up if eth_chainId has not answered by then. */
  timeoutMs?: number;
  /** Forward anvil's own log to this process's stdout (default: quiet). */
  verbose?: boolean;
}

export interface AnvilHandle {
  rpcUrl: string;
  /** SIGTERM, then SIGKILL after 3 s; resolves once the process has exited. */
  stop(): Promise<void>;
}

export function anvilBinaryPath(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string];
  if (!arch || !['linux', 'darwin', 'win32'].includes(process.platform)) {
    throw new Error(`no anvil binary for ${process.platform}/${process.arch}`);
  }
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve(`${pkg}/package.json`);
  return path.join(path.dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

async function chainIdAt(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result ? Number(body.result) : undefined;
  } catch {
    return undefined;
  }
}

/** Spawns anvil on 127.0.0.1:`port` and resolves once it answers eth_chainId. */
export async function startAnvil({ port = 8545, timeoutMs = 10_000, verbose = false }: StartAnvilOptions = {}): Promise<AnvilHandle> {
  const rpcUrl = `http://127.0.0.1:${port}`;
  // anvil would exit on a busy port, but a node already there would answer our probe and look like success.
  const existing = await chainIdAt(rpcUrl);
  if (existing !== undefined) throw new Error(`something already answers JSON-RPC at ${rpcUrl} (chain ${existing})`);

  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(ANVIL_CHAIN_ID)];
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', verbose ? 'inherit' : 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Never leave an orphan anvil behind if our process exits without calling stop().
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const handle: AnvilHandle = {
    rpcUrl,
    stop: async () => {
      process.off('exit', killOnExit);
      await stopChild(child, exited);
    },
  };

  const deadline = Date.now() + timeoutMs;
  let early: number | null | undefined;
  void exited.then((code) => (early = code));
  while (Date.now() < deadline) {
    if (early !== undefined) throw new Error(`anvil exited (code ${early}) before answering: ${stderr.trim()}`);
    if ((await chainIdAt(rpcUrl)) === ANVIL_CHAIN_ID) return handle;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await handle.stop();
  throw new Error(`anvil did not answer at ${rpcUrl} within ${timeoutMs} ms: ${stderr.trim()}`);
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}
