import type { SeedTag as Tag } from '@dispatch/shared';

export const DEMO_PUBLISHERS = [
  { name: 'The Morning Ledger', colour: '#1f2937', accent: '#f59e0b' },
  { name: 'Civic Standard', colour: '#1e3a8a', accent: '#e5e7eb' },
  { name: 'Northwind Sports', colour: '#14532d', accent: '#facc15' },
  { name: 'Circuit Weekly', colour: '#312e81', accent: '#38bdf8' },
  { name: 'Marquee Review', colour: '#831843', accent: '#fde68a' },
  { name: 'Pulse Health Journal', colour: '#115e59', accent: '#a7f3d0' },
] as const;

export const DEMO_WRITERS = [
  { name: 'Amara Okafor', email: 'amara.okafor@example.com', colour: '#b45309' },
  { name: 'Daniel Reyes', email: 'daniel.reyes@example.com', colour: '#1d4ed8' },
  { name: 'Hannah Lindqvist', email: 'hannah.lindqvist@example.com', colour: '#047857' },
  { name: 'Kenji Watanabe', email: 'kenji.watanabe@example.com', colour: '#7c3aed' },
  { name: 'Priya Raman', email: 'priya.raman@example.com', colour: '#be123c' },
  { name: 'Tomasz Nowak', email: 'tomasz.nowak@example.com', colour: '#0f766e' },
] as const;

/** Accounts a newcomer can log in with; the README lists them. */
export const DEMO_READERS = [
  { name: 'Riley Reader', email: 'reader@example.com', password: 'Reader#2026', premiumDays: 0, colour: '#475569' },
  {
    name: 'Sam Subscriber',
    email: 'subscriber@example.com',
    password: 'Premium#2026',
    premiumDays: 30,
    colour: '#a16207',
  },
] as const;

type Status = 'approved' | 'pending' | 'changes_requested' | 'declined';

export interface DemoArticle {
  title: string;
  tags: Tag[];
  publisher: number;
  lead: string;
  status?: Status;
  premium?: boolean;
  declineReason?: string;
  /** The editor's note, for an article sent back with requested changes. */
  changesNote?: string;
}

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    title: 'Parliament Passes Landmark Housing Bill After Marathon Session',
    tags: ['Politics'],
    publisher: 1,
    lead: 'After nineteen hours of debate, lawmakers approved a bill that doubles funding for affordable homes and loosens zoning rules near transit lines.',
  },
  {
    title: 'City Council Votes to Pedestrianise the Old Market District',
    tags: ['Politics'],
    publisher: 0,
    lead: 'From next spring, cars will be banned from six streets around the old market, a move traders are split on and cyclists have welcomed.',
  },
  {
    title: 'Inside the Negotiations That Rescued the Regional Water Pact',
    tags: ['Politics'],
    publisher: 1,
    lead: 'Three governors, two sleepless weekends and a compromise over drought reserves: how a collapsing agreement was put back together.',
    premium: true,
  },
  {
    title: 'Turnout Among First-Time Voters Hits a Twenty-Year High',
    tags: ['Politics'],
    publisher: 0,
    lead: 'Registration drives on campuses and a simplified postal ballot pushed participation among eighteen- to twenty-four-year-olds to its highest level since 2006.',
  },
  {
    title: 'What the New Budget Means for Your Household Bills',
    tags: ['Politics', 'Health'],
    publisher: 0,
    lead: 'Energy rebates, a freeze on prescription charges and a higher tax-free allowance: we worked through the numbers for five typical families.',
  },
  {
    title: 'Mayoral Race Tightens as Debate Focuses on Transit',
    tags: ['Politics'],
    publisher: 1,
    lead: 'The two front-runners clashed over bus lanes and fare caps in a debate that left undecided voters with a clearer choice.',
  },
  {
    title: 'The Quiet Diplomacy Behind the Northern Trade Corridor',
    tags: ['Politics'],
    publisher: 1,
    lead: "Officials spent three years building a rail and customs corridor that now carries a fifth of the region's exports. Few noticed until it opened.",
    premium: true,
  },
  {
    title: 'United Storm Back to Win the Cup in Extra Time',
    tags: ['Sports'],
    publisher: 2,
    lead: 'Two goals down at half-time, the home side rallied in front of a sold-out stadium to lift their first trophy in eleven years.',
  },
  {
    title: 'The Marathon Runner Who Trains on Night Shifts',
    tags: ['Sports', 'Health'],
    publisher: 2,
    lead: 'A hospital porter who runs 140 kilometres a week between shifts has qualified for the national championship at forty-one.',
  },
  {
    title: 'Why the Salary Cap Is Reshaping Youth Academies',
    tags: ['Sports'],
    publisher: 2,
    lead: 'Clubs that can no longer outspend rivals are investing in home-grown talent, and the results are starting to show on the pitch.',
    premium: true,
  },
  {
    title: 'Tennis Prodigy, 17, Reaches Her First Grand Slam Quarter-Final',
    tags: ['Sports'],
    publisher: 2,
    lead: 'Unseeded and playing only her fourth tour event, the teenager beat two top-twenty players on her way to the last eight.',
  },
  {
    title: "Cycling's New Rules on Aerodynamic Kit Explained",
    tags: ['Sports', 'Technology'],
    publisher: 3,
    lead: 'From sock height to helmet shape, the governing body has tightened its equipment rules. Here is what changes for riders this season.',
  },
  {
    title: 'Local Swimming Club Sends Three to the National Team',
    tags: ['Sports'],
    publisher: 2,
    lead: 'A club that trains in a 25-metre municipal pool has produced three national team swimmers in a single year.',
  },
  {
    title: 'The Analytics Revolution Comes to Amateur Cricket',
    tags: ['Sports', 'Technology'],
    publisher: 3,
    lead: 'Cheap cameras and free software are bringing ball-tracking and player data to village greens.',
  },
  {
    title: 'Battery Breakthrough Promises Electric Cars That Charge in Ten Minutes',
    tags: ['Technology'],
    publisher: 3,
    lead: 'A new anode chemistry tested by a university spin-off could cut charging times by two thirds without shortening battery life.',
  },
  {
    title: 'How Open-Source Software Runs the Modern Newsroom',
    tags: ['Technology'],
    publisher: 3,
    lead: 'From publishing platforms to transcription tools, newsrooms increasingly depend on software written by volunteers.',
  },
  {
    title: 'The Hidden Energy Cost of Every Search You Make',
    tags: ['Technology', 'Health'],
    publisher: 3,
    lead: 'Data centres now use as much electricity as a mid-sized country. Engineers are racing to make each query cheaper.',
    premium: true,
  },
  {
    title: 'Regulators Draft New Rules for Facial Recognition in Shops',
    tags: ['Technology', 'Politics'],
    publisher: 1,
    lead: 'Retailers would have to post clear notices and delete images within 72 hours under draft rules published this week.',
  },
  {
    title: 'Inside the Start-Up Teaching Robots to Sort Recycling',
    tags: ['Technology'],
    publisher: 3,
    lead: 'A team of twelve engineers has built a sorting arm that identifies forty kinds of plastic by sight, and councils are lining up to try it.',
  },
  {
    title: 'Satellite Internet Reaches the Last Unconnected Valleys',
    tags: ['Technology'],
    publisher: 0,
    lead: 'For the first time, every school in the highland district has a broadband connection, thanks to a low-orbit satellite network.',
  },
  {
    title: "Your Phone's Privacy Settings, Explained in Plain Words",
    tags: ['Technology'],
    publisher: 3,
    lead: 'Location history, ad tracking and microphone access: a guide to the switches that matter and the ones that do not.',
    premium: true,
  },
  {
    title: 'The Film Festival That Turned a Fishing Town Into a Star',
    tags: ['Entertainment'],
    publisher: 4,
    lead: 'Twenty years ago it screened films in a net loft. This year forty thousand visitors came for the premieres.',
  },
  {
    title: 'Review: A Bold New Staging of the Classic Opera',
    tags: ['Entertainment'],
    publisher: 4,
    lead: 'A director best known for television brings a stark, modern vision to the opera house, and mostly pulls it off.',
  },
  {
    title: 'Streaming Services Bet Big on Local-Language Drama',
    tags: ['Entertainment', 'Technology'],
    publisher: 4,
    lead: 'Commissions for non-English series have tripled in three years, and audiences abroad are watching with subtitles.',
  },
  {
    title: 'The Jazz Club Celebrating Fifty Years Underground',
    tags: ['Entertainment'],
    publisher: 4,
    lead: 'Its basement stage has hosted legends and beginners alike. Regulars share their memories of half a century of late nights.',
  },
  {
    title: 'Why Vinyl Sales Keep Growing in the Streaming Age',
    tags: ['Entertainment'],
    publisher: 4,
    lead: 'Record shops report their best year in three decades, driven by buyers too young to remember the format the first time.',
    premium: true,
  },
  {
    title: 'The Novelist Who Wrote Her Debut on a Commuter Train',
    tags: ['Entertainment'],
    publisher: 0,
    lead: "Forty minutes each way, five days a week, for four years: the unlikely origin of this season's most talked-about first novel.",
  },
  {
    title: 'Museum Reopens With a Gallery Designed for Touch',
    tags: ['Entertainment', 'Health'],
    publisher: 4,
    lead: 'After a two-year refurbishment, the city museum has opened rooms where visitors are encouraged to handle replicas of its treasures.',
  },
  {
    title: 'New Guidelines Recommend Strength Training After Forty',
    tags: ['Health'],
    publisher: 5,
    lead: 'Two sessions a week of resistance exercise can slow muscle loss and protect bones, according to updated national guidance.',
  },
  {
    title: 'The Clinics Cutting Waiting Lists With Evening Appointments',
    tags: ['Health'],
    publisher: 5,
    lead: 'Three community clinics that stay open until nine have halved the wait for routine procedures.',
  },
  {
    title: 'What Scientists Now Know About Sleep and Memory',
    tags: ['Health'],
    publisher: 5,
    lead: 'New studies suggest the brain replays the day during deep sleep, strengthening some memories and quietly discarding others.',
    premium: true,
  },
  {
    title: 'School Meals Programme Shows Gains in Attention and Attendance',
    tags: ['Health', 'Politics'],
    publisher: 5,
    lead: 'A two-year trial of free breakfasts found fewer absences and better concentration in morning lessons.',
  },
  {
    title: 'A Practical Guide to Reading Nutrition Labels',
    tags: ['Health'],
    publisher: 5,
    lead: 'Serving sizes, added sugars and the traffic-light system: how to compare two products in the supermarket aisle in under a minute.',
  },
  {
    title: 'Heatwave Plans: How Cities Are Preparing for Hotter Summers',
    tags: ['Health', 'Politics'],
    publisher: 0,
    lead: 'Cool rooms in libraries, shaded bus stops and text alerts for older residents are part of new municipal heat plans.',
    premium: true,
  },
  {
    title: 'Opposition Unveils Plan for a Four-Day Public Sector Week',
    tags: ['Politics'],
    publisher: 1,
    lead: 'The proposal would trial a shorter week in three departments before any wider roll-out.',
    status: 'pending',
  },
  {
    title: 'Rising Star Signs First Professional Contract at Sixteen',
    tags: ['Sports'],
    publisher: 2,
    lead: "The academy graduate becomes the youngest professional in the club's history.",
    status: 'pending',
  },
  {
    title: 'Smart Glasses Return, This Time With a Purpose',
    tags: ['Technology'],
    publisher: 3,
    lead: 'Manufacturers are pitching the new generation at warehouse workers and surgeons rather than consumers.',
    status: 'pending',
  },
  {
    title: "Summer Blockbusters: The Season's Most Anticipated Releases",
    tags: ['Entertainment'],
    publisher: 4,
    lead: 'Sequels, an animated original and a surprising comeback headline the summer schedule.',
    status: 'changes_requested',
    changesNote: 'Please add release dates for each film and say which studio is behind the animated original.',
  },
  {
    title: 'Miracle Berry Cures All Known Diseases, Blogger Claims',
    tags: ['Health'],
    publisher: 5,
    lead: 'A viral post makes sweeping claims about a supplement.',
    status: 'declined',
    declineReason:
      'The claims are not supported by any cited study. Please rework it as a fact-check with expert sources.',
  },
  {
    title: 'Anonymous Sources Say Minister Will Resign Tomorrow',
    tags: ['Politics'],
    publisher: 1,
    lead: 'Unnamed insiders suggest a departure is imminent.',
    status: 'declined',
    declineReason: 'We need at least one on-the-record source before publishing a resignation story.',
  },
  {
    title: 'Top Ten Gadgets You Must Buy Right Now',
    tags: ['Technology'],
    publisher: 3,
    lead: 'A list of products with affiliate links.',
    status: 'declined',
  },
  {
    title: 'Derby Day Preview: Form, Injuries and the Tactical Battle',
    tags: ['Sports'],
    publisher: 2,
    lead: 'Both sides arrive with fitness doubts over their captains, and the midfield battle should decide it.',
  },
  {
    title: 'The Public Library That Lends Tools, Tents and Telescopes',
    tags: ['Entertainment', 'Technology'],
    publisher: 0,
    lead: 'A branch library has added more than six hundred objects to its catalogue, and the waiting list for the telescope is three months long.',
  },
];

const BODY: Record<Tag, string[]> = {
  Politics: [
    'Supporters say the change has been a long time coming and point to a decade of reports that reached the same conclusion. Critics warn that the timetable is ambitious and that the cost estimates rest on optimistic assumptions about growth.',
    'Officials told The Daily Dispatch that the first measures would take effect within months, with a review after two years. Several councillors said they would hold public meetings so residents could ask questions before anything is finalised.',
    'Analysts note that the vote split less along party lines than expected, a sign that local pressure can still move national politics. Campaign groups on both sides have promised to keep a close eye on how the money is spent.',
    'For now, the practical effects will be felt slowly. The detail will be worked out in regulations that have yet to be published, and those documents will decide who benefits first.',
  ],
  Sports: [
    "The coach credited the squad's fitness and a change of shape at the interval, moving to three at the back to free the wing-backs. Supporters who stayed to the end were rewarded with a finish they will talk about for years.",
    "Behind the headline result lies a decade of patient work: scouting in local leagues, a partnership with two schools, and a training ground rebuilt with volunteers' help.",
    'Sports scientists say recovery is where most amateur athletes fall short. Sleep, nutrition and rest days matter as much as the sessions themselves, and the best performers treat them with the same discipline.',
    'The next test comes quickly, with three fixtures in eight days. Rotation will be essential, and the young players who stepped up this week are likely to get more chances.',
  ],
  Technology: [
    'Engineers involved in the project say the hard part was not the prototype but making it reliable enough for daily use. Early testers reported problems that took months to solve, most of them mundane.',
    'Privacy advocates welcomed the transparency but asked for independent audits. The company said it would publish a yearly report on how data is collected and how long it is kept.',
    'The cost of the underlying components has fallen sharply in five years, which is why small organisations can now do what only large ones could afford a decade ago.',
    'Whether it succeeds will depend on ordinary users more than on specifications. As one researcher put it, the best technology is the kind people stop noticing.',
  ],
  Entertainment: [
    'Critics were divided on opening night, but audiences have been less ambivalent: the run has been extended twice and the last tickets sold within an hour.',
    'The organisers have kept prices low by relying on volunteers and local sponsors, and they insist the programme will stay eclectic, mixing new names with returning favourites.',
    'Industry figures say the success reflects a wider appetite for stories rooted in a particular place, told in their own language, and trusted to travel.',
    'For those who could not get a ticket, a recording will be broadcast next month, and a touring version is planned for the autumn.',
  ],
  Health: [
    'Doctors stress that the findings apply to populations rather than individuals and that anyone with an existing condition should talk to their GP before making changes.',
    'The researchers followed more than four thousand participants over six years, adjusting for age, income and prior health. The effect was modest but consistent across groups.',
    'Public health officials say simple, sustained habits do more good than dramatic short-term changes. Small steps, repeated, add up to meaningful differences over time.',
    'Funding for the next phase has been approved, and the team hopes to report results from a larger trial within three years.',
  ],
};

/** A few paragraphs of body text: the lead, then paragraphs chosen for the article's first tag. */
export function demoDescription(article: DemoArticle, random: () => number): string {
  const pool = [...BODY[article.tags[0]!]];
  const paragraphs = [article.lead];
  const count = 2 + Math.floor(random() * 2);
  for (let i = 0; i < count && pool.length > 0; i += 1) {
    paragraphs.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  }
  return paragraphs.join('\n\n');
}
