import { LRUCache } from 'lru-cache';

export interface GoodPage {
  status: number;
  html: string;
  etag: string;
}

// About 350 home pages (90 kB of HTML each), far more article pages: the pages readers ask for stay.
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * The last page this instance rendered for each URL for anonymous readers, kept for as long as readers ask
 * for it (least recently used first out), so that a page whose data cannot be read while the database is
 * down is sent as it last was rather than empty (docs/decisions/039-database-outages.md).
 */
export function createLastGoodPages(maxBytes = MAX_BYTES) {
  const pages = new LRUCache<string, GoodPage>({
    maxSize: maxBytes,
    sizeCalculation: (page, url) => page.html.length + url.length,
  });
  return {
    keep: (url: string, page: GoodPage) => void pages.set(url, page),
    get: (url: string) => pages.get(url),
  };
}
