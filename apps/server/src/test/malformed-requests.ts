import type { InjectOptions } from 'fastify';

/** The part of JSON Schema that the OpenAPI document of our zod schemas uses. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** OpenAPI's form: /api/articles/{id} */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

/** What a case changes in an otherwise well-formed request, and whether it must be refused as a NUL. */
export interface Case {
  name: string;
  path?: Record<string, string>;
  /** A raw query string (already encoded), replacing the well-formed one. */
  query?: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** A NUL in a field the shared text rule covers: the answer must be a 400 naming that rule. */
  refusesNul?: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** Only a plain string is the text rule's alone to refuse; an enum, a format or a pattern refuses a NUL by itself. */
const isPlainText = (schema: JsonSchema) =>
  schema.type === 'string' && !schema.enum && !schema.format && !schema.pattern;

const HUGE = 'x'.repeat(200_000);
const UNICODE = 'Ünïcødé 😀 \u202e\uFEFF\uFFFF \ud800 ́';
const deeplyNested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const enc = encodeURIComponent;

/** Values a path segment or a query value should never take down the server with. */
const MALFORMED_TEXTS: { name: string; encoded: string; nul?: boolean }[] = [
  { name: 'NUL', encoded: '%00', nul: true },
  { name: 'NUL inside', encoded: 'a%00b', nul: true },
  { name: 'huge', encoded: 'y'.repeat(5000) },
  { name: 'unicode', encoded: enc('Ünïcødé 😀 \u202e') },
  { name: 'lone surrogate (raw)', encoded: '%ED%A0%80' },
  { name: 'bad percent-encoding', encoded: '%E0%A4%A' },
  { name: 'lone percent', encoded: '%' },
  { name: 'dot segments', encoded: '..%2F..%2Fetc%2Fpasswd' },
  { name: 'negative', encoded: '-1' },
  { name: 'huge number', encoded: '1e400' },
  { name: 'empty', encoded: '' },
  { name: 'SQL', encoded: enc("' OR 1=1; --") },
];
const MALFORMED_IDS: typeof MALFORMED_TEXTS = [
  { name: 'random UUID', encoded: '6f1c9a52-6a43-4b57-9b52-1d9e0a7f4c11' },
];

function encodeQuery(values: Record<string, unknown>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${enc(key)}=${enc(String(value))}`)
    .join('&');
}

/** For a path: every malformed text in each of its parameters, the others well formed. */
export function pathCases(operation: Operation): Case[] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .flatMap((parameter) =>
      [...MALFORMED_TEXTS, ...MALFORMED_IDS]
        .filter((value) => value.encoded !== '')
        .map((value) => ({
          name: `path ${parameter.name}: ${value.name}`,
          path: { [parameter.name]: value.encoded },
          refusesNul: value.nul && isPlainText(parameter.schema),
        })),
    );
}

/** For a query: every malformed text and an array in each parameter, and parameters nobody declared. */
export function queryCases(operation: Operation, wellFormed: Record<string, unknown>): Case[] {
  const base = encodeQuery(wellFormed);
  const withBase = (extra: string) => [base, extra].filter(Boolean).join('&');
  const declared = operation.parameters.filter((parameter) => parameter.in === 'query');
  const withoutOne = (name: string) => encodeQuery({ ...wellFormed, [name]: undefined });
  return [
    ...declared.flatMap((parameter) => [
      ...MALFORMED_TEXTS.map((value) => ({
        name: `query ${parameter.name}: ${value.name}`,
        query: [withoutOne(parameter.name), `${enc(parameter.name)}=${value.encoded}`].filter(Boolean).join('&'),
        refusesNul: value.nul && isPlainText(parameter.schema),
      })),
      {
        name: `query ${parameter.name}: array`,
        query: [withoutOne(parameter.name), `${parameter.name}=1&${parameter.name}=2`].filter(Boolean).join('&'),
      },
      { name: `query ${parameter.name}: bracketed`, query: withBase(`${parameter.name}[a]=1`) },
    ]),
    { name: 'query: undeclared NUL', query: withBase('zzz=%00') },
    { name: 'query: __proto__', query: withBase('__proto__=1&constructor[prototype][x]=1') },
    { name: 'query: bad percent-encoding', query: withBase('%E0%A4%A=%') },
  ];
}

/** Where a field sits in a body, for replacing it: ['card', 'number']. */
type FieldPath = string[];

function fieldsOf(schema: JsonSchema, prefix: FieldPath = []): { path: FieldPath; schema: JsonSchema }[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
    { path: [...prefix, name], schema: property },
    ...(property.type === 'object' ? fieldsOf(property, [...prefix, name]) : []),
  ]);
}

function replaced(body: Record<string, unknown>, path: FieldPath, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  const copy = { ...body };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
  } else copy[head] = replaced((body[head] ?? {}) as Record<string, unknown>, rest, value);
  return copy;
}

const MALFORMED_VALUES: { name: string; value: unknown; nul?: boolean }[] = [
  { name: 'NUL', value: 'a\u0000b', nul: true },
  { name: 'huge', value: HUGE },
  { name: 'unicode', value: UNICODE },
  { name: 'number', value: 12345 },
  { name: 'boolean', value: true },
  { name: 'null', value: null },
  { name: 'array', value: ['a', 'b'] },
  { name: 'object', value: { $gt: '' } },
  { name: 'missing', value: undefined },
];

const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });

/** For a JSON body: broken JSON and wrong shapes, then every malformed value in each field of a well-formed body. */
export function bodyCases(operation: Operation, wellFormed: Record<string, unknown>): Case[] {
  if (!operation.body) return [];
  return [
    { name: 'body: invalid JSON', ...json('{"title": "') },
    { name: 'body: null', ...json('null') },
    { name: 'body: array', ...json('[]') },
    { name: 'body: string', ...json('"text"') },
    { name: 'body: empty object', ...json('{}') },
    { name: 'body: empty', ...json('') },
    { name: 'body: deeply nested', ...json(deeplyNested(20_000)) },
    { name: 'body: __proto__', ...json(`{"__proto__": {"role": "admin"}, ${JSON.stringify(wellFormed).slice(1)}`) },
    { name: 'body: NUL escape in a key', ...json(`{"\\u0000": 1, ${JSON.stringify(wellFormed).slice(1)}`) },
    { name: 'body: as text/plain', payload: JSON.stringify(wellFormed), headers: { 'content-type': 'text/plain' } },
    ...fieldsOf(operation.body).flatMap((field) =>
      MALFORMED_VALUES.map((value) => ({
        name: `body ${field.path.join('.')}: ${value.name}`,
        ...json(JSON.stringify(replaced(wellFormed, field.path, value.value))),
        refusesNul: value.nul && isPlainText(field.schema),
      })),
    ),
  ];
}

const BOUNDARY = 'fuzzboundary';
const formPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, bytes: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${bytes}\r\n`;
const wellFormedForm = formPart('name', 'Fuzz') + formPart('email', 'fuzz-form@example.com') + filePart('image', 'x');
const form = (body: string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) => ({
  payload: body,
  headers: { 'content-type': contentType },
});

/** Broken multipart bodies, sent to every operation that takes a body. */
export function multipartCases(): Case[] {
  return [
    { name: 'multipart: no boundary', ...form(wellFormedForm, 'multipart/form-data') },
    { name: 'multipart: empty boundary', ...form(wellFormedForm, 'multipart/form-data; boundary=') },
    { name: 'multipart: wrong boundary', ...form(wellFormedForm, 'multipart/form-data; boundary=other') },
    { name: 'multipart: truncated', ...form(wellFormedForm.slice(0, wellFormedForm.length / 2)) },
    { name: 'multipart: no closing delimiter', ...form(wellFormedForm) },
    { name: 'multipart: garbage', ...form('garbage') },
    { name: 'multipart: empty', ...form('') },
    {
      name: 'multipart: part without headers',
      ...form(`--${BOUNDARY}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`),
    },
    {
      name: 'multipart: NUL in every field',
      ...form(
        ['name', 'email', 'password', 'title'].map((name) => formPart(name, 'a\u0000b')).join('') +
          `--${BOUNDARY}--\r\n`,
      ),
    },
    { name: 'multipart: __proto__ field', ...form(formPart('__proto__', 'x') + `--${BOUNDARY}--\r\n`) },
    {
      name: 'multipart: too many parts',
      ...form(Array.from({ length: 20 }, (_, index) => formPart(`f${index}`, 'x')).join('') + `--${BOUNDARY}--\r\n`),
    },
    { name: 'multipart: not an image', ...form(filePart('image', 'not an image') + `--${BOUNDARY}--\r\n`) },
  ];
}

/** A value the schema accepts; `known` names the fields that must be real (an e-mail, an uploaded image). */
export function wellFormedValue(schema: JsonSchema, name: string, known: Record<string, unknown>): unknown {
  if (name in known) return known[name];
  if (schema.anyOf) return wellFormedValue(schema.anyOf[0]!, name, known);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, wellFormedValue(property, key, known)]),
      );
    case 'array':
      return [wellFormedValue(schema.items ?? {}, name, known)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return schema.format === 'date-time' ? new Date(Date.now() + 86_400_000).toISOString() : 'Fuzz text';
  }
}
