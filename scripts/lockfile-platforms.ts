/**
 * `npm run lock:platforms` after any `npm install` that changes package-lock.json.
 *
 * This machine's registry lacks some other-platform binaries (anvil for darwin/win32, Hardhat EDR for
 * darwin/arm64/win32, ...), so npm writes no lock entry for them, and `npm ci` then refuses the lock as "out of
 * sync". Each missing optional dependency gets an entry with its os/cpu/libc, so npm ci accepts the lock and
 * skips those packages on this platform (it never fetches a package whose os or cpu does not match).
 */
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';

type Entry = { version?: string; optional?: boolean; os?: string[]; cpu?: string[]; libc?: string[]; optionalDependencies?: Record<string, string> };

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(await readFile(path, 'utf8')) as { packages: Record<string, Entry> };
const added: string[] = [];

for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    lock.packages[`node_modules/${name}`] = { version, optional: true, ...platformOf(name) };
    added.push(`${name}@${version}`);
  }
}

await writeFile(path, `${JSON.stringify(lock, null, 2)}\n`);
// The entries added are other platforms' packages, so what is installed here is still current: keep npm's record of
// the install newer than the lock, or scripts/with-node22.sh would take the lock as changed and run npm ci again.
// A millisecond past the lock's own time, which has more precision than a Date holds.
const later = new Date(Math.ceil((await stat(path)).mtimeMs) + 1);
await utimes(new URL('../node_modules/.package-lock.json', import.meta.url), later, later).catch(() => undefined);
console.log(added.length ? `added lock entries for ${added.join(', ')}` : 'lockfile already lists every optional platform package');

function platformOf(name: string): Pick<Entry, 'os' | 'cpu' | 'libc'> {
  const parts = name.split('/').pop()!.split('-');
  const os = ['darwin', 'linux', 'win32', 'freebsd', 'android'].filter((o) => parts.includes(o));
  const cpu = ['arm64', 'x64', 'amd64', 'ia32', 'arm'].filter((c) => parts.includes(c)).map((c) => (c === 'amd64' ? 'x64' : c));
  const libc = parts.includes('musl') ? ['musl'] : parts.includes('gnu') ? ['glibc'] : [];
  return { ...(os.length ? { os } : {}), ...(cpu.length ? { cpu: [cpu[0]!] } : {}), ...(libc.length ? { libc } : {}) };
}
