import { serializerCompiler } from 'fastify-type-provider-zod';

type CompilerInput = Parameters<typeof serializerCompiler>[0];

/**
 * The zod serializer (the response schema decides every field that leaves), remembering its output
 * per answer object: a cached list is encoded once, not on every request. Answers are never
 * mutated after they are sent, so the same object always gives the same JSON.
 */
export function memoisingSerializerCompiler(input: CompilerInput) {
  const serialize = serializerCompiler(input);
  const encoded = new WeakMap<object, string>();
  return (data: unknown): string => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let json = encoded.get(data);
    if (json === undefined) {
      json = serialize(data);
      encoded.set(data, json);
    }
    return json;
  };
}
