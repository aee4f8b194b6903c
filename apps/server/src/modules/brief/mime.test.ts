import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildBriefMessage, parseSender } from './mime.js';

const message = {
  from: 'The Daily Dispatch <news@dispatch.example>',
  to: 'reader@example.com',
  subject: 'Harbour council agrees the budget',
  text: 'Harbour council agrees the budget\nRead more: https://dispatch.example/articles/1\n',
  html: '<p>Harbour council <b>agrees</b> the budget</p>',
  messageId: '8d0f8a7e-3b7e-4a61-9d0e-1f2a3b4c5d6e@dispatch.example',
  date: new Date('2026-11-27T07:00:00Z'),
  headers: {
    'List-Unsubscribe':
      '<https://dispatch.example/api/brief/unsubscribe?token=a.b.c>, <https://dispatch.example/brief/unsubscribe?token=a.b.c>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

describe('a brief built as one message', () => {
  it('reads back in a mail parser: addresses, subject, date, id, both parts and the unsubscribe headers', async () => {
    const raw = buildBriefMessage(message);
    const parsed = await simpleParser(raw);
    expect(parsed.from?.value).toEqual([{ name: 'The Daily Dispatch', address: 'news@dispatch.example' }]);
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value[0]?.address).toBe('reader@example.com');
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.messageId).toBe(`<${message.messageId}>`);
    expect(parsed.date?.toISOString()).toBe('2026-11-27T07:00:00.000Z');
    expect(parsed.text).toBe(message.text);
    expect(parsed.html).toBe(message.html);
    const headerLine = (name: string) => parsed.headerLines.find((line) => line.key === name)?.line;
    expect(headerLine('list-unsubscribe')).toBe(`List-Unsubscribe: ${message.headers['List-Unsubscribe']}`);
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The body is base64 in lines of 76; no line of the message is longer than RFC 5322's 998.
    const lines = raw.toString('utf8').split('\r\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(998);
    expect(raw.toString('utf8')).not.toMatch(/[^\r]\n/);
  });

  it('encodes words outside ASCII in the subject and the sender, and quotes a name with punctuation', async () => {
    const parsed = await simpleParser(
      buildBriefMessage({
        ...message,
        from: '"Le Café, Quotidien" <news@dispatch.example>',
        subject: 'Zürich: le conseil adopte le budget — enfin, après des mois de débat sur son coût et sa portée',
        text: 'Zürich — « enfin »\n.\nA line that is only a dot, above.\n',
        html: '<p>Zürich — « enfin »</p>',
      }),
    );
    expect(parsed.from?.value).toEqual([{ name: 'Le Café, Quotidien', address: 'news@dispatch.example' }]);
    expect(parsed.subject).toBe(
      'Zürich: le conseil adopte le budget — enfin, après des mois de débat sur son coût et sa portée',
    );
    expect(parsed.text).toBe('Zürich — « enfin »\n.\nA line that is only a dot, above.\n');
    expect(parsed.html).toBe('<p>Zürich — « enfin »</p>');
    expect(parseSender('Dispatch, Inc. <news@dispatch.example>').header).toBe(
      '"Dispatch, Inc." <news@dispatch.example>',
    );
  });

  it('keeps a headline with line breaks to one header: nothing can be added to the message through it', async () => {
    const parsed = await simpleParser(
      buildBriefMessage({ ...message, subject: 'Budget passes\r\nBcc: everyone@example.com\r\n\r\nBody' }),
    );
    expect(parsed.subject).toBe('Budget passes Bcc: everyone@example.com Body');
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.text).toBe(message.text);
  });

  it('writes each part as base64 lines of at most 76 characters, whatever its length', async () => {
    for (const length of [1, 56, 57, 58, 171, 10_000]) {
      const text = 'é'.repeat(Math.floor(length / 2)) + 'x'.repeat(length % 2);
      const html = `<p>${'a'.repeat(length)}</p>`;
      const raw = buildBriefMessage({ ...message, text, html });
      const body = raw.toString('utf8').split('\r\n\r\n').slice(1).join('\r\n\r\n');
      const longest = Math.max(...body.split('\r\n').map((line) => line.length));
      expect(longest, `${length} bytes`).toBeLessThanOrEqual(76);
      const parsed = await simpleParser(raw);
      expect(parsed.text, `${length} bytes`).toBe(text);
      expect(parsed.html, `${length} bytes`).toBe(html);
    }
  });

  it('refuses a sender that is no address', () => {
    expect(() => parseSender('The Daily Dispatch')).toThrow('MAIL_FROM is not an address');
  });
});
