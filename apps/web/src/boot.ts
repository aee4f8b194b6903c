/**
 * The page's entry script, kept tiny: the server's HTML with its inlined stylesheet paints the page, and its
 * first images load, before the web fonts and the app's JavaScript compete with them for a phone's bandwidth.
 * docs/decisions/032-the-page-loads-before-its-fonts-and-scripts.md.
 */
import { FONTS_COOKIE } from '@dispatch/shared';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import playfairLatin from '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url';
import webFontFaces from './web-fonts.css?inline';

const FONTS_REMEMBERED_SECONDS = 30 * 24 * 60 * 60;
/** The files the site's own words need (its latin subsets): what a first visit fetches for the next page. */
const LATIN_FONT_FILES = [interLatin, playfairLatin];
/** What a reader may do before the app has loaded; any of it loads the app at once. */
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/** The web fonts' faces: text is drawn in them from here on (in the metric-matched fallbacks until then). */
function addWebFonts() {
  const faces = document.createElement('style');
  faces.textContent = webFontFaces;
  document.head.append(faces);
}

/**
 * A first visit: fetches the fonts into the browser's cache for the next page, without drawing this one in
 * them (which would lay the whole page out again while the app hydrates), then remembers they are cached.
 */
async function cacheWebFonts() {
  const fetched = (url: string) =>
    fetch(url).then(
      async (response) => response.ok && (await response.arrayBuffer()).byteLength > 0,
      () => false,
    );
  if (!(await Promise.all(LATIN_FONT_FILES.map(fetched))).every(Boolean)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${FONTS_COOKIE}=cached; Path=/; Max-Age=${FONTS_REMEMBERED_SECONDS}; SameSite=Lax${secure}`;
}

const fontsCached = document.cookie.split('; ').some((cookie) => cookie.startsWith(`${FONTS_COOKIE}=`));
if (fontsCached) addWebFonts();

let started = false;
function startApp() {
  if (started) return;
  started = true;
  for (const type of FIRST_INTERACTIONS) removeEventListener(type, startApp, true);
  // The framework's modules are evaluated in a task of their own, then the app's: two tasks of half the length
  // block a phone's main thread less than one.
  void import('./framework').then(() => new Promise((resolve) => setTimeout(resolve))).then(() => import('./main'));
  if (!fontsCached) void cacheWebFonts();
}

/** After the browser has painted the page as it is now; at once in a hidden tab, which paints nothing. */
function afterNextPaint(callback: () => void) {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(callback));
  else callback();
}

// A page the server rendered waits for its load (and the paint after it); an empty one starts the app at once.
const serverRendered = document.getElementById('root')?.hasChildNodes() ?? false;
if (!serverRendered) startApp();
else if (document.readyState === 'complete') afterNextPaint(startApp);
else {
  addEventListener('load', () => afterNextPaint(startApp), { once: true });
  for (const type of FIRST_INTERACTIONS) addEventListener(type, startApp, { capture: true, passive: true });
}
