// The generated articles' vocabulary: titles and text are random sentences of these words, so a
// search matches some articles and not others, as on a real site.

export const WORDS: readonly string[] = `
  council election market stadium clinic festival startup budget harbour railway
  school hospital museum library bridge airport factory village city region
  minister mayor senator judge teacher nurse farmer engineer artist athlete
  coach striker goalkeeper champion league season final record victory defeat
  storm flood drought heatwave wildfire harvest river forest coast mountain
  energy solar wind battery grid pipeline carbon climate emissions recycling
  housing rent mortgage wages inflation interest taxes pensions jobs strike
  transit tram bus cycling traffic parking roads tunnel ferry train
  vaccine virus surgery diet sleep fitness research study trial doctors
  software chip robot satellite network privacy data cloud phone app
  film concert album novel theatre gallery premiere director singer author
  court verdict appeal police inquiry report audit scandal reform vote
  new old local national regional early late quiet sudden rising
  falling hidden public private young rural urban northern southern second
  plans opens closes wins loses delays approves rejects warns promises
  returns faces backs cuts raises builds saves tests launches questions
  after before despite amid over under near across against without
  the a its their first last next this every more
`
  .trim()
  .split(/\s+/);

// The vocabulary's last two lines: words nobody searches for, most of them stop words to full-text search.
const FUNCTION_WORDS = new Set(
  `
  after before despite amid over under near across against without
  the a its their first last next this every more
`
    .trim()
    .split(/\s+/),
);

/** What readers search for: the vocabulary without its function words (160 words). */
export const SEARCH_WORDS: readonly string[] = WORDS.filter((word) => !FUNCTION_WORDS.has(word));

export const PUBLISHER_NAMES: readonly string[] = [
  'The Northern Ledger',
  'Harbour Gazette',
  'City Courier',
  'Valley Times',
  'The Morning Post',
  'Coastal Herald',
  'The Evening Standard',
  'Riverside Chronicle',
  'The Daily Record',
  'Mountain Observer',
  'The Weekly Review',
  'Metro Bulletin',
  'The Southern Star',
  'Capital Journal',
  'The Lantern',
  'Prairie Tribune',
  'The Examiner',
  'Island Dispatch',
  'The Sentinel',
  'Lakeside News',
  'The Clarion',
  'Borough Mercury',
  'The Beacon',
  'Union Press',
];

/** An SQL array literal of our own constant words (letters and spaces only, checked). */
export function sqlTextArray(items: readonly string[]): string {
  if (!items.every((item) => /^[A-Za-z ]+$/.test(item))) throw new Error('only letters and spaces');
  return `array[${items.map((item) => `'${item}'`).join(', ')}]::text[]`;
}
