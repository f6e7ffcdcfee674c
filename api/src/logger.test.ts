import { describe, expect, it } from 'vitest';
import { logFormatOf, prettyLine } from './logger.ts';

describe('the console a person reads', () => {
  it('prints a request as one line: time, level, method, path, status and time taken', () => {
    const line = JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 29, 12, 3, 4), pid: 1, hostname: 'h', method: 'GET', url: '/auctions', status: 200, ms: 12, msg: 'request' });
    expect(prettyLine(line)).toBe('12:03:04 INFO  GET /auctions 200 12 ms');
  });

  it('prints other events with their fields, and leaves a line that is not JSON as it is', () => {
    const line = JSON.stringify({ level: 40, time: Date.UTC(2026, 10, 29, 8, 0, 0), msg: 'a swap was refused', lotId: 'l1', reason: { code: 'x' } });
    expect(prettyLine(line)).toBe('08:00:00 WARN  a swap was refused lotId=l1 reason={"code":"x"}');
    expect(prettyLine('plain text\n')).toBe('plain text');
  });

  it('is pretty only for a person at a terminal outside production, unless LOG_FORMAT says otherwise', () => {
    expect(logFormatOf({}, false, true)).toBe('pretty');
    expect(logFormatOf({}, false, false)).toBe('json');
    expect(logFormatOf({}, true, true)).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'pretty' }, true, false)).toBe('pretty');
    expect(() => logFormatOf({ LOG_FORMAT: 'xml' }, false, true)).toThrow('LOG_FORMAT must be json or pretty, not xml');
  });
});
