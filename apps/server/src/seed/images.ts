/** A small deterministic random number generator, so demo content is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PALETTES: Record<string, [string, string, string]> = {
  Politics: ['#1f3a5f', '#3d6a99', '#e8d9b5'],
  Sports: ['#14532d', '#2f855a', '#f6e05e'],
  Technology: ['#1a1f36', '#4c51bf', '#63b3ed'],
  Entertainment: ['#702459', '#d53f8c', '#fbd38d'],
  Health: ['#134e4a', '#319795', '#c6f6d5'],
};

/** An abstract editorial illustration: no text, so it renders the same without fonts. */
export function articleImageSvg(tag: string, seed: number): string {
  const random = seededRandom(seed);
  const [dark, mid, light] = PALETTES[tag] ?? PALETTES.Politics!;
  const shapes: string[] = [];
  for (let i = 0; i < 9; i += 1) {
    const x = Math.round(random() * 1280);
    const y = Math.round(random() * 720);
    const size = Math.round(60 + random() * 260);
    const opacity = (0.12 + random() * 0.35).toFixed(2);
    const colour = random() > 0.5 ? light : mid;
    shapes.push(
      random() > 0.4
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${colour}" fill-opacity="${opacity}"/>`
        : `<rect x="${x - size}" y="${y - size / 2}" width="${size * 2}" height="${size}" rx="${size / 6}" fill="${colour}" fill-opacity="${opacity}" transform="rotate(${Math.round(random() * 60 - 30)} ${x} ${y})"/>`,
    );
  }
  const lines = Array.from({ length: 6 }, (_, i) => {
    const y = 120 + i * 90 + Math.round(random() * 30);
    return `<line x1="0" y1="${y}" x2="1280" y2="${y - 120}" stroke="${light}" stroke-opacity="0.08" stroke-width="2"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>${lines}${shapes.join('')}</svg>`;
}

/** A publisher's emblem: a coloured seal with a geometric mark. */
export function publisherLogoSvg(colour: string, accent: string, mark: number): string {
  const marks = [
    `<path d="M200 90 L300 290 L100 290 Z" fill="${accent}"/>`,
    `<rect x="115" y="115" width="170" height="170" rx="12" fill="${accent}"/>`,
    `<circle cx="200" cy="200" r="95" fill="none" stroke="${accent}" stroke-width="34"/>`,
    `<path d="M110 110 H290 V160 H225 V290 H175 V160 H110 Z" fill="${accent}"/>`,
    `<path d="M200 95 L305 200 L200 305 L95 200 Z" fill="${accent}"/>`,
    `<path d="M120 290 V110 L200 210 L280 110 V290" fill="none" stroke="${accent}" stroke-width="32" stroke-linejoin="round"/>`,
    `<path d="M200 100 A100 100 0 1 0 300 200 H200 Z" fill="${accent}"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<circle cx="200" cy="200" r="196" fill="${colour}"/><circle cx="200" cy="200" r="176" fill="none" stroke="${accent}" stroke-opacity="0.5" stroke-width="4"/>
${marks[mark % marks.length]}</svg>`;
}
