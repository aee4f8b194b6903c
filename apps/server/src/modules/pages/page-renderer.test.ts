import { describe, expect, it } from 'vitest';
import { assembleHtml } from './page-renderer.js';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta name="description" content="Generic." />' +
  '<title>The Daily Dispatch</title><style>a{}</style></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/boot.js"></script></body></html>';

describe('assembleHtml', () => {
  it('puts the page in the root, its head before </head>, and its state after the root', () => {
    const html = assembleHtml(
      TEMPLATE,
      { head: '<link rel="canonical" href="/x">', body: '<p>Hi</p>', state: { a: '</script>' } },
      'state',
    );
    expect(html).toBe(
      '<!doctype html><html lang="en"><head><meta name="description" content="Generic." />' +
        '<title>The Daily Dispatch</title><style>a{}</style><link rel="canonical" href="/x"></head><body>' +
        '<div id="root"><p>Hi</p></div><script type="application/json" id="state">{"a":"\\u003c/script>"}</script>' +
        '<script type="module" src="/assets/boot.js"></script></body></html>',
    );
  });

  it('drops the generic title and description only when the page brings its own, whichever it brings', () => {
    const both = assembleHtml(
      TEMPLATE,
      { head: '<title>Own</title><meta name="description" content="Own.">', body: '', state: null },
      's',
    );
    expect(both).not.toContain('The Daily Dispatch');
    expect(both).not.toContain('Generic.');
    expect(both.match(/<title>/g)).toHaveLength(1);
    const title = assembleHtml(TEMPLATE, { head: '<title>Own</title>', body: '', state: null }, 's');
    expect(title).toContain('Generic.');
    expect(title).not.toContain('The Daily Dispatch');
    const description = assembleHtml(
      TEMPLATE,
      { head: '<meta name="description" content="Own.">', body: '', state: null },
      's',
    );
    expect(description).toContain('<title>The Daily Dispatch</title>');
    expect(description).not.toContain('Generic.');
    // Asked again, a variant comes out the same.
    expect(assembleHtml(TEMPLATE, { head: '<title>Own</title>', body: '', state: null }, 's')).toBe(title);
  });
});
