/**
 * A strict reader for the XML the server writes (no DTDs, comments or CDATA, which it never emits):
 * it throws on anything a conforming parser would reject — unbalanced or crossed tags, a bare `&` or
 * `<`, an unknown entity, a repeated attribute, an undeclared namespace prefix, a forbidden character,
 * a second root — and gives the element tree to check what the document holds.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded. */
  text: string;
}

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`a bare < in ${where}`);
  return raw.replace(/&([^;]*);?/g, (match, entity: string) => {
    if (!match.endsWith(';')) throw new Error(`a bare & in ${where}`);
    if (entity in ENTITIES) return ENTITIES[entity]!;
    const code = /^#x([0-9a-f]+)$/i.exec(entity)?.[1];
    const decimal = /^#(\d+)$/.exec(entity)?.[1];
    if (code) return String.fromCodePoint(parseInt(code, 16));
    if (decimal) return String.fromCodePoint(Number(decimal));
    throw new Error(`unknown entity &${entity}; in ${where}`);
  });
}

export function parseXml(source: string): XmlElement {
  if (FORBIDDEN.test(source)) throw new Error('a character XML forbids');
  let at = 0;
  const declaration = /^<\?xml version="1\.0"( encoding="UTF-8")?\?>/.exec(source);
  if (declaration) at = declaration[0].length;

  const skipSpace = () => {
    while (at < source.length && /\s/.test(source[at]!)) at += 1;
  };
  const fail = (message: string): never => {
    throw new Error(`${message} at ${at}: ${JSON.stringify(source.slice(at, at + 40))}`);
  };
  const readName = () => {
    const match = NAME.exec(source.slice(at));
    if (!match) return fail('a name expected');
    at += match[0].length;
    return match[0];
  };

  function readElement(namespaces: Set<string>): XmlElement {
    if (source[at] !== '<') fail('< expected');
    at += 1;
    const name = readName();
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = at;
      skipSpace();
      if (source.startsWith('/>', at) || source[at] === '>') break;
      if (at === before) fail('space expected between attributes');
      const attribute = readName();
      skipSpace();
      if (source[at] !== '=') fail('= expected');
      at += 1;
      skipSpace();
      const quote = source[at];
      if (quote !== '"' && quote !== "'") return fail('a quoted value expected');
      const end = source.indexOf(quote, at + 1);
      if (end < 0) fail('an unclosed attribute value');
      if (attribute in attributes) fail(`a repeated attribute ${attribute}`);
      attributes[attribute] = decode(source.slice(at + 1, end), `attribute ${attribute}`);
      at = end + 1;
    }
    const inScope = new Set(namespaces);
    for (const attribute of Object.keys(attributes)) {
      if (attribute.startsWith('xmlns:')) inScope.add(attribute.slice('xmlns:'.length));
    }
    for (const qualified of [name, ...Object.keys(attributes).filter((key) => !key.startsWith('xmlns'))]) {
      const prefix = qualified.includes(':') ? qualified.split(':')[0]! : undefined;
      if (prefix && prefix !== 'xml' && !inScope.has(prefix)) fail(`undeclared namespace prefix ${prefix}`);
    }
    const node: XmlElement = { name, attributes, children: [], text: '' };
    if (source.startsWith('/>', at)) {
      at += 2;
      return node;
    }
    at += 1;
    for (;;) {
      const next = source.indexOf('<', at);
      if (next < 0) fail(`</${name}> missing`);
      const raw = source.slice(at, next);
      if (raw.includes(']]>')) fail(']]> in text');
      node.text += decode(raw, `<${name}>`);
      at = next;
      if (source.startsWith('</', at)) {
        at += 2;
        const closing = readName();
        if (closing !== name) fail(`</${closing}> closes <${name}>`);
        skipSpace();
        if (source[at] !== '>') fail('> expected');
        at += 1;
        return node;
      }
      if (source.startsWith('<!', at) || source.startsWith('<?', at)) fail('markup this reader does not accept');
      node.children.push(readElement(inScope));
    }
  }

  skipSpace();
  const root = readElement(new Set());
  skipSpace();
  if (at !== source.length) fail('content after the root element');
  return root;
}

/** Every element of that name, at any depth, in document order. */
export function findAll(root: XmlElement, name: string): XmlElement[] {
  return root.children.flatMap((child) => [...(child.name === name ? [child] : []), ...findAll(child, name)]);
}

/** The one child of that name; throws when there is none or more than one. */
export function childOf(parent: XmlElement, name: string): XmlElement {
  const matches = parent.children.filter((child) => child.name === name);
  if (matches.length !== 1) throw new Error(`<${parent.name}> has ${matches.length} <${name}>`);
  return matches[0]!;
}

export const textOf = (parent: XmlElement, name: string) => childOf(parent, name).text;
