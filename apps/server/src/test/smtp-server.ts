import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What the test SMTP server accepted: only messages it answered 250 to. */
export interface ReceivedMail {
  to: string;
  messageId: string;
  subject: string;
  text: string;
  html: string;
  listUnsubscribe: string | undefined;
  /** Each header's raw value (unfolded), by lower-case name. */
  headers: Record<string, string>;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** How many messages were refused or cut off before being accepted. */
  refused: number;
  /** Answers each message `ms` after it arrived: a slow server (0, the default, answers at once). */
  delayEach(ms: number): void;
  /** Answers 451 (try again later), or the code given, to the next `count` messages. */
  refuseNext(count: number, code?: number): void;
  /** Holds the next message's DATA unanswered until `release()`; resolves when one is being held. */
  holdNext(): Promise<void>;
  release(): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const toReceived = (mail: ParsedMail, to: string): ReceivedMail => ({
  to,
  messageId: mail.messageId ?? '',
  subject: mail.subject ?? '',
  text: mail.text ?? '',
  html: typeof mail.html === 'string' ? mail.html : '',
  // mailparser gathers the List-* headers under 'list'.
  listUnsubscribe: mail.headers.has('list') ? JSON.stringify(mail.headers.get('list')) : undefined,
  // The raw lines, by lower-case name: mailparser folds the List-* headers into 'list' and keeps one URL.
  headers: Object.fromEntries(
    mail.headerLines.map((header) => [header.key, header.line.replace(/^[^:]*:\s*/, '').replace(/\r?\n\s+/g, ' ')]),
  ),
});

/** A real SMTP server on a free local port (the `smtp-server` package), for the mail tests. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  let refuse = 0;
  let refuseCode = 451;
  let delayMs = 0;
  let holding: { started: () => void } | undefined;
  let release: (() => void) | undefined;
  const state: TestSmtpServer = {
    url: '',
    received: [],
    refused: 0,
    delayEach(ms) {
      delayMs = ms;
    },
    refuseNext(count, code = 451) {
      refuse = count;
      refuseCode = code;
    },
    holdNext() {
      return new Promise((resolve) => (holding = { started: resolve }));
    },
    release() {
      release?.();
      release = undefined;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (state.received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} messages, received ${state.received.length} before the timeout`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return state.received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const closedSessions = new Set<string>();
  const server = new SMTPServer({
    onClose(session) {
      closedSessions.add(session.id);
    },
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (refuse > 0) {
          refuse -= 1;
          state.refused += 1;
          const message = refuseCode >= 500 ? 'Mailbox unavailable' : 'Try again later';
          const error = Object.assign(new Error(message), { responseCode: refuseCode });
          return callback(error);
        }
        if (holding) {
          const held = holding;
          holding = undefined;
          held.started();
          await new Promise<void>((resolve) => (release = resolve));
          // The client may have gone while the message was held: then it was never accepted.
          if (closedSessions.has(session.id)) {
            state.refused += 1;
            return callback(new Error('The client went away'));
          }
        }
        const parsed = await simpleParser(Buffer.concat(chunks));
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        state.received.push(toReceived(parsed, to));
        callback();
      });
    },
  });
  // A client killed mid-message (the sender's kill test) resets its socket; that is the test, not a failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}
