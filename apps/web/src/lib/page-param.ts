/** The page number in `?page=`, 1 when it is missing or not a positive whole number. */
export function pageFrom(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
