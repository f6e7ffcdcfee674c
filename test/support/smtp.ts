/** A real SMTP server for tests: the api's nodemailer delivers to it, and tests read the codes it received. */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Waits for the next mail to `to` after `since` mails, and returns the 6-digit code in it. */
  codeFor(to: string, options?: { after?: number; timeoutMs?: number }): Promise<string>;
  stop(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async codeFor(to, { after = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails
          .slice(after)
          .reverse()
          .find((m) => m.to.includes(to.toLowerCase()));
        // The text part says "... code is 123456."; quoted-printable never splits a 6-digit run.
        const code = mail && /code is (\d{6})/.exec(mail.raw)?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no code mailed to ${to} within ${timeoutMs} ms`);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
