/**
 * The page's entry script, kept tiny: the server's HTML with its inlined stylesheet paints the page, and its
 * first images load, before the web fonts and the app's JavaScript compete with them for a phone's bandwidth.
 * docs/decisions/032-the-page-loads-before-its-fonts-and-scripts.md.
 */
import { FONTS_COOKIE } from '@dispatch/shared';
import webFontFaces from './web-fonts.css?inline';

const FONTS_REMEMBERED_SECONDS = 30 * 24 * 60 * 60;
/** What a reader may do before the app has loaded; any of it loads the app at once. */
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Adds the web fonts' faces: the browser fetches the ones the page's text needs and draws it in them as they
 * arrive (until then, in the metric-matched fallbacks). Remembers, once they have loaded, that they are cached.
 */
async function addWebFonts() {
  const faces = document.createElement('style');
  faces.textContent = webFontFaces;
  document.head.append(faces);
  await Promise.all([
    document.fonts.load('1em "Inter Variable"'),
    document.fonts.load('700 1em "Playfair Display Variable"'),
  ]);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${FONTS_COOKIE}=cached; Path=/; Max-Age=${FONTS_REMEMBERED_SECONDS}; SameSite=Lax${secure}`;
}

const fontsCached = document.cookie.split('; ').some((cookie) => cookie.startsWith(`${FONTS_COOKIE}=`));
if (fontsCached) void addWebFonts();

let started = false;
function startApp() {
  if (started) return;
  started = true;
  for (const type of FIRST_INTERACTIONS) removeEventListener(type, startApp, true);
  void import('./main');
  if (!fontsCached) void addWebFonts();
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
