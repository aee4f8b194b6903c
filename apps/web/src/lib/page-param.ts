/** The page number in `?page=`, 1 when it is missing or not a positive whole number. */
export function pageFrom(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The number of the last page of a list of `total` items, `pageSize` a page; 1 for an empty list. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
