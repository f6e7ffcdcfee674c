/**
 * The process's logger, made in one place for the api and the worker. Production, and any output read by a
 * program (a file, a pipe, the tests), gets pino's JSON lines; a person at a terminal running `npm start` gets one
 * readable line per event ("12:03:04 INFO  GET /auctions 200 12 ms"). LOG_FORMAT=json or pretty overrides.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export type LogFormat = 'json' | 'pretty';

export function logFormatOf(env: NodeJS.ProcessEnv, production: boolean, terminal = Boolean(process.stdout.isTTY)): LogFormat {
  const asked = env.LOG_FORMAT;
  if (asked === 'json' || asked === 'pretty') return asked;
  if (asked) throw new Error(`LOG_FORMAT must be json or pretty, not ${asked}`);
  return !production && terminal ? 'pretty' : 'json';
}

/** Where log lines go: standard output, written as each line is logged, as pino does by default. */
type Output = DestinationStream & { on(event: 'error', listener: (err: Error) => void): unknown };

/**
 * `out`: standard output unless a test gives another. A line that cannot be written (the disk holding the log is
 * full, the file was removed) is dropped and the process carries on: pino would otherwise throw from the very
 * call that logs, ending the process, and then retry the unwritten lines forever on the way out, hanging it.
 */
export function createLogger(config: { logLevel: string; logFormat: LogFormat }, out: Output = pino.destination({ dest: 1, sync: true })): Logger {
  out.on('error', () => {
    droppedLines++;
  });
  if (config.logFormat === 'json') return pino({ level: config.logLevel }, out);
  return pino({ level: config.logLevel }, { write: (line: string) => void out.write(`${prettyLine(line)}\n`) });
}

let droppedLines = 0;
/** Log lines dropped so far because the output could not take them. */
export const droppedLogLines = () => droppedLines;

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const OWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

/** One JSON log line as a person reads it: time, level, then the request or the message and its fields. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toISOString().slice(11, 19);
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  if (entry.msg === 'request' && typeof entry.method === 'string') return `${time} ${level} ${entry.method} ${entry.url} ${entry.status} ${entry.ms} ms`;
  const fields = Object.entries(entry)
    .filter(([key]) => !OWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [time, level, entry.msg ?? '', ...fields].join(' ').trimEnd();
}
