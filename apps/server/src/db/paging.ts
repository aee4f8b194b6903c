/** A page of a list as the API asks for it (`page` from 1). */
export interface PageQuery {
  page: number;
  limit: number;
}

/** The rows a page covers, as the repositories' queries take them. */
export function toRowWindow({ page, limit }: PageQuery): { offset: number; limit: number } {
  return { offset: (page - 1) * limit, limit };
}
