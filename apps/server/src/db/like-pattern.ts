/** Matches the text literally inside LIKE/ILIKE: the wildcards and the escape character lose their meaning. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
