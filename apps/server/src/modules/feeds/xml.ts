/** Markup already escaped; anything else given to `element` is text and gets escaped. */
export interface Xml {
  readonly markup: string;
}

type Content = Xml | string | number | null | undefined | false | readonly Content[];
type Attributes = Record<string, string | number | undefined>;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * One stray control character in a writer's title would make the whole feed unreadable: XML 1.0
 * forbids them (and lone surrogates) even escaped, so they are dropped.
 */
const NOT_XML_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHARACTERS, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

function contentMarkup(content: Content): string {
  if (content === null || content === undefined || content === false) return '';
  if (Array.isArray(content)) return content.map(contentMarkup).join('');
  if (typeof content === 'object') return (content as Xml).markup;
  return escapeXml(String(content));
}

/** `<name attr="…">content</name>`; attributes left undefined are omitted, empty elements self-close. */
export function element(name: string, attributes: Attributes | null, ...content: Content[]): Xml {
  const attributeMarkup = Object.entries(attributes ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  const inner = contentMarkup(content);
  return { markup: inner === '' ? `<${name}${attributeMarkup}/>` : `<${name}${attributeMarkup}>${inner}</${name}>` };
}

export function xmlDocument(root: Xml): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root.markup}\n`;
}
