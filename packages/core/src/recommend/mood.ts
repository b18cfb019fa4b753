import type { MediaType } from '../catalogue/genres.ts';

/**
 * The mood recommender's reading of a free-text request (DESIGN.md: "mood words → genres,
 * keywords, tone"). Pure: the server ranks catalogue titles against it, the web app shows what
 * was understood. Genre ids are the movie database's *movie* genres; {@link tvGenresFor} maps
 * them onto the series catalogue.
 */
export interface MoodIntent {
  /** Genres asked for, with how strongly, and the words that asked for them. */
  include: MoodGenre[];
  /** Genres the request rules out ("no romance", "not too scary"). */
  avoid: number[];
  /** Release years asked for, inclusive; either end may be open. */
  era: MoodEra | null;
  tone: MoodTone | null;
  length: 'short' | 'long' | null;
  mediaType: MediaType | null;
  /** ISO 639-1 original language asked for ("korean", "anime"). */
  language: string | null;
  quality: 'acclaimed' | 'hidden' | 'popular' | null;
  /** A title the request compares to ("like The Matrix"), as written. */
  reference: string | null;
  /** Subject words to look for in titles and overviews ("zombies", "heist"). */
  keywords: string[];
  /** The words of the request that were understood, in order, for "why" texts. */
  cues: string[];
}

export interface MoodGenre {
  id: number;
  weight: number;
  /** The request's word that asked for it ("scary"). */
  cue: string;
}

export interface MoodEra {
  from: number | null;
  to: number | null;
  label: string;
}

export type MoodTone = 'light' | 'dark' | 'slow' | 'cerebral' | 'tense';

/** The longest request the recommender reads. */
export const MOOD_QUERY_MAX_LENGTH = 200;

const ACTION = 28;
const ADVENTURE = 12;
const ANIMATION = 16;
const COMEDY = 35;
const CRIME = 80;
const DOCUMENTARY = 99;
const DRAMA = 18;
const FAMILY = 10751;
const FANTASY = 14;
const HISTORY = 36;
const HORROR = 27;
const MUSIC = 10402;
const MYSTERY = 9648;
const ROMANCE = 10749;
const SCIENCE_FICTION = 878;
const THRILLER = 53;
const WAR = 10752;
const WESTERN = 37;

interface Cue {
  /** Matched on whole words of the normalised request. */
  pattern: RegExp;
  genres?: Array<[id: number, weight: number]>;
  tone?: MoodTone;
  keyword?: string;
  language?: string;
  quality?: MoodIntent['quality'];
  length?: MoodIntent['length'];
}

function words(list: string): RegExp {
  return new RegExp(`\\b(?:${list})\\b`, 'g');
}

/**
 * The vocabulary, most specific first: a span of the request matched by one cue is not read again
 * by a later one ("mind-bending" is not also "bending", "romcom" not also "rom").
 */
const CUES: Cue[] = [
  { pattern: words('k[- ]?dramas?'), genres: [[DRAMA, 1]], language: 'ko' },
  {
    pattern: words('mind[- ]?bending|mind[- ]?blowing|mind[- ]?melting|trippy|surreal'),
    genres: [
      [SCIENCE_FICTION, 0.8],
      [MYSTERY, 1],
      [THRILLER, 0.6],
    ],
    tone: 'cerebral',
  },
  {
    pattern: words('rom[- ]?coms?|romantic comed(?:y|ies)'),
    genres: [
      [ROMANCE, 1],
      [COMEDY, 1],
    ],
    tone: 'light',
  },
  {
    pattern: words(
      'feel[- ]?good|uplifting|heart[- ]?warming|cheerful|cozy|cosy|comforting|comfort (?:movie|film|watch|show)|wholesome|happy|joyful|sweet|charming',
    ),
    genres: [
      [COMEDY, 0.8],
      [FAMILY, 0.4],
      [ROMANCE, 0.4],
      [ANIMATION, 0.3],
    ],
    tone: 'light',
  },
  {
    pattern: words('light[- ]?hearted|lighthearted|breezy|fun|easy[- ]?going|silly|goofy'),
    genres: [
      [COMEDY, 0.9],
      [FAMILY, 0.3],
      [ADVENTURE, 0.3],
    ],
    tone: 'light',
  },
  { pattern: words('time[- ]travel(?:l?ing)?'), genres: [[SCIENCE_FICTION, 1]], keyword: 'time' },
  {
    pattern: words('serial killers?'),
    genres: [
      [THRILLER, 1],
      [CRIME, 0.8],
      [HORROR, 0.3],
    ],
    keyword: 'killer',
    tone: 'dark',
  },
  {
    pattern: words('true crime'),
    genres: [
      [CRIME, 1],
      [DOCUMENTARY, 0.8],
    ],
    tone: 'dark',
  },
  {
    pattern: words('true stor(?:y|ies)|based on (?:a )?true (?:story|events)|real events|biopics?|biograph(?:y|ical)'),
    genres: [
      [HISTORY, 0.9],
      [DRAMA, 0.8],
    ],
  },
  {
    pattern: words('period (?:piece|drama)s?|historical|history|medieval|ancient|costume drama'),
    genres: [
      [HISTORY, 1],
      [DRAMA, 0.5],
    ],
  },
  {
    pattern: words('coming[- ]of[- ]age'),
    genres: [
      [DRAMA, 0.9],
      [COMEDY, 0.5],
    ],
  },
  {
    pattern: words(
      'edge of (?:my|your|the) seat|nail[- ]?biting|white[- ]knuckle|suspense(?:ful)?|thrillers?|thrilling|gripping|tense|twisty|twists?',
    ),
    genres: [
      [THRILLER, 1],
      [MYSTERY, 0.4],
    ],
    tone: 'tense',
  },
  {
    pattern: words('psychological'),
    genres: [
      [THRILLER, 1],
      [DRAMA, 0.6],
    ],
    tone: 'dark',
  },
  {
    pattern: words(
      'martial arts|kung[- ]fu|car chases?|shoot[- ]?outs?|high[- ]octane|adrenaline|explosions?|explosive|action[- ]packed|action|fights?|fighting|badass',
    ),
    genres: [
      [ACTION, 1],
      [THRILLER, 0.3],
    ],
  },
  {
    pattern: words('super[- ]?heroe?s?'),
    genres: [
      [ACTION, 1],
      [SCIENCE_FICTION, 0.7],
      [ADVENTURE, 0.5],
    ],
    keyword: 'hero',
  },
  {
    pattern: words('spy|spies|espionage|secret agents?'),
    genres: [
      [THRILLER, 1],
      [ACTION, 0.6],
    ],
    keyword: 'agent',
  },
  {
    pattern: words('heists?|robber(?:y|ies)|con artists?|caper'),
    genres: [
      [CRIME, 1],
      [THRILLER, 0.5],
    ],
    keyword: 'heist',
  },
  {
    pattern: words('gangsters?|mob|mobsters?|mafia|cartels?|drug lords?'),
    genres: [
      [CRIME, 1],
      [DRAMA, 0.4],
    ],
    tone: 'dark',
    keyword: 'gang',
  },
  {
    pattern: words('detectives?|cops?|police|noir|murders?|crime|criminals?|whodunn?its?'),
    genres: [
      [CRIME, 1],
      [MYSTERY, 0.6],
      [THRILLER, 0.4],
    ],
  },
  {
    pattern: words('myster(?:y|ies)|mysterious|puzzles?|enigmatic|clues|investigations?'),
    genres: [
      [MYSTERY, 1],
      [THRILLER, 0.4],
    ],
  },
  {
    pattern: words(
      'zombies?|vampires?|werewolf|werewolves|ghosts?|haunted|haunting|slashers?|demons?|possessed|possession|exorcisms?|witch(?:es)?',
    ),
    genres: [[HORROR, 1]],
    tone: 'dark',
  },
  {
    pattern: words(
      'scar(?:y|ier|iest)|scare[sd]?|horror|horrifying|spooky|creepy|frightening|terrifying|terror|chilling|gory|gore|bloody|halloween|nightmares?|monsters?',
    ),
    genres: [
      [HORROR, 1],
      [THRILLER, 0.3],
    ],
  },
  {
    pattern: words(
      'funn(?:y|ier|iest)|comed(?:y|ies)|comedic|hilarious|laughs?|laughing|laugh[- ]out[- ]loud|humou?r|humou?rous|witty|comic|parod(?:y|ies)|spoofs?|satire|satirical|slapstick|quirky|absurd|sitcoms?',
    ),
    genres: [[COMEDY, 1]],
  },
  {
    pattern: words(
      'romantic|romance|love stor(?:y|ies)|in love|falling in love|date night|swoon(?:y|worthy)?|relationships?|wedding',
    ),
    genres: [
      [ROMANCE, 1],
      [DRAMA, 0.3],
    ],
  },
  {
    pattern: words(
      'sci[- ]?fi|science[- ]fiction|space|spaceships?|outer space|aliens?|extraterrestrials?|robots?|androids?|cyborgs?|futur(?:e|istic)|dystopian?|cyberpunk|artificial intelligence|galax(?:y|ies)|planets?|astronauts?',
    ),
    genres: [[SCIENCE_FICTION, 1]],
  },
  {
    pattern: words(
      'fantasy|fantastical|magic(?:al)?|wizards?|witchcraft|dragons?|fairy[- ]?tales?|myths?|mythical|mythology|elves|enchanted|sword and sorcery',
    ),
    genres: [
      [FANTASY, 1],
      [ADVENTURE, 0.4],
    ],
  },
  {
    pattern: words(
      'adventures?|adventurous|quests?|treasure|explor(?:ing|ation|ers?)|swashbuckl(?:ing|er)|pirates?|jungle|expedition',
    ),
    genres: [
      [ADVENTURE, 1],
      [ACTION, 0.3],
    ],
  },
  {
    pattern: words(
      'wars?|wartime|soldiers?|battles?|battlefield|military|army|world war (?:i|ii|one|two|1|2)|ww ?(?:i|ii|1|2)|vietnam|combat',
    ),
    genres: [
      [WAR, 1],
      [HISTORY, 0.4],
      [DRAMA, 0.3],
    ],
  },
  { pattern: words('westerns?|cowboys?|wild west|gunslingers?|outlaws?|frontier'), genres: [[WESTERN, 1]] },
  {
    pattern: words('musicals?|music|concerts?|singing|songs?|dance|dancing|bands?|rock (?:and|n) roll|hip[- ]hop|jazz'),
    genres: [[MUSIC, 1]],
  },
  { pattern: words('documentar(?:y|ies)|docs?|docuseries|real[- ]life|nature'), genres: [[DOCUMENTARY, 1]] },
  { pattern: words('anime'), genres: [[ANIMATION, 1]], language: 'ja' },
  {
    pattern: words('animated|animation|cartoons?|pixar|stop[- ]motion'),
    genres: [
      [ANIMATION, 1],
      [FAMILY, 0.4],
    ],
  },
  {
    pattern: words('famil(?:y|ies)|kids?|children|child[- ]friendly|kid[- ]friendly|all ages|for the whole family'),
    genres: [
      [FAMILY, 1],
      [ANIMATION, 0.4],
      [ADVENTURE, 0.3],
    ],
    tone: 'light',
  },
  {
    pattern: words(
      'tear[- ]?jerkers?|emotional|moving|touching|poignant|heart[- ]?breaking|sad|cry|melanchol(?:y|ic)|dramas?|dramatic|character stud(?:y|ies)|powerful',
    ),
    genres: [[DRAMA, 1]],
  },
  {
    pattern: words('dark|bleak|gritty|grim|disturbing|brutal|violent|twisted|sinister'),
    genres: [
      [THRILLER, 0.6],
      [CRIME, 0.5],
      [DRAMA, 0.4],
    ],
    tone: 'dark',
  },
  {
    pattern: words('slow[- ]?burn(?:ing)?|slow[- ]paced|slow|quiet|contemplative|meditative|atmospheric'),
    genres: [[DRAMA, 0.6]],
    tone: 'slow',
  },
  {
    pattern: words('cerebral|thought[- ]provoking|philosophical|smart|clever|intelligent|brainy|existential'),
    genres: [
      [DRAMA, 0.4],
      [SCIENCE_FICTION, 0.3],
      [MYSTERY, 0.3],
    ],
    tone: 'cerebral',
  },
  { pattern: words('korean'), language: 'ko' },
  { pattern: words('japanese'), language: 'ja' },
  { pattern: words('spanish|mexican|argentinian'), language: 'es' },
  { pattern: words('french'), language: 'fr' },
  { pattern: words('german'), language: 'de' },
  { pattern: words('italian'), language: 'it' },
  { pattern: words('bollywood|hindi'), language: 'hi' },
  {
    pattern: words('hidden gems?|underrated|under[- ]the[- ]radar|lesser[- ]known|obscure|overlooked'),
    quality: 'hidden',
  },
  {
    pattern: words(
      'acclaimed|award[- ]winning|oscar[- ]winning|masterpieces?|critically|best|greatest|top[- ]rated|highly[- ]rated|great|brilliant|must[- ]see',
    ),
    quality: 'acclaimed',
  },
  { pattern: words('popular|blockbusters?|crowd[- ]pleas(?:er|ing)|mainstream'), quality: 'popular' },
  { pattern: words('short|quick|brief|half[- ]hour'), length: 'short' },
  { pattern: words('long|lengthy|three[- ]hours?|sprawling|epic'), length: 'long' },
];

/** Words that make the cues after them a thing to avoid, until the clause ends. */
const NEGATION =
  /\b(?:no|not|without|nothing|never|avoid|except|minus|skip|zero|don'?t want|dont want|isn'?t|aren'?t|not too|less)\b/g;
/** Words that end a negation's reach. */
const CLAUSE_BREAK = /\b(?:but|and|yet|though|although|with|just|more)\b|[,;.!?]/g;

const DECADE_WORDS: Record<string, number> = {
  twenties: 1920,
  thirties: 1930,
  forties: 1940,
  fifties: 1950,
  sixties: 1960,
  seventies: 1970,
  eighties: 1980,
  nineties: 1990,
};

/** A request in lower case, with curly quotes and dashes made plain and spaces single. */
export function normaliseMoodText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MOOD_QUERY_MAX_LENGTH);
}

const REFERENCE =
  /(?:^|[\s,])((?:something|anything|movies?|films?|shows?|series|stuff|one|titles?|more|others?)\s+)?(?:like|similar to|in the vein of|along the lines of|reminds? me of|the likes of|same vibe as|in the style of)\s+(.+?)(?=\s+(?:but|only|except|without|with|from|in the|that|which)\b|[,;.!?]|$)/g;
const VERB_LIKE = /\b(?:i|i'd|id|we|we'd|you|they|would|really|also|do|don't|dont|kinda|kind of|love to|to)\s+$/;

function findReference(text: string): { title: string; start: number; end: number } | null {
  REFERENCE.lastIndex = 0;
  for (let match = REFERENCE.exec(text); match; match = REFERENCE.exec(text)) {
    // "I'd like a comedy" uses "like" as a verb, not a comparison.
    if (!match[1] && VERB_LIKE.test(text.slice(0, match.index + 1))) {
      REFERENCE.lastIndex = match.index + 1;
      continue;
    }
    const title = match[2]!.replace(/^(?:the movie|the film|the show|the series)\s+/, '').trim();
    if (title.length >= 2) return { title, start: match.index, end: match.index + match[0].length };
  }
  return null;
}

function findEra(text: string, now: Date): MoodEra | null {
  const thisYear = now.getUTCFullYear();
  const range = /\b(?:from|between)?\s*((?:19|20)\d{2})\s*(?:-|to|and|until)\s*((?:19|20)\d{2})\b/.exec(text);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b) as [number, number];
    return { from, to, label: `${from}–${to}` };
  }
  const decade = /\b(?:the\s+)?'?((?:19|20)?\d)0'?s\b/.exec(text);
  if (decade) {
    const digits = decade[1]!;
    const start =
      digits.length === 3
        ? Number(`${digits}0`)
        : Number(digits) <= 2
          ? 2000 + Number(digits) * 10
          : 1900 + Number(digits) * 10;
    return { from: start, to: start + 9, label: `${start}s` };
  }
  const decadeWord = /\b(twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b/.exec(text);
  if (decadeWord) {
    const start = DECADE_WORDS[decadeWord[1]!]!;
    return { from: start, to: start + 9, label: `${start}s` };
  }
  const bounded = /\b(before|pre|until|after|post|since)[- ]?((?:19|20)\d{2})\b/.exec(text);
  if (bounded) {
    const year = Number(bounded[2]);
    return ['before', 'pre', 'until'].includes(bounded[1]!)
      ? { from: null, to: year - 1, label: `before ${year}` }
      : {
          from: year + (bounded[1] === 'since' ? 0 : 1),
          to: null,
          label: `since ${year + (bounded[1] === 'since' ? 0 : 1)}`,
        };
  }
  const single = /\b((?:19|20)\d{2})\b/.exec(text);
  if (single && Number(single[1]) <= thisYear + 1) {
    const year = Number(single[1]);
    return { from: year, to: year, label: String(year) };
  }
  if (
    /\b(?:recent|latest|new releases?|brand[- ]new|newer|new (?:movies?|films?|shows?|series)|this year|last year|modern|current)\b/.test(
      text,
    )
  ) {
    return { from: thisYear - 5, to: thisYear, label: 'recent' };
  }
  if (/\b(?:classics?|classic|old[- ]school|old|vintage|golden age|black and white|retro)\b/.test(text)) {
    return { from: null, to: 1979, label: 'classic' };
  }
  return null;
}

function findMediaType(text: string): MediaType | null {
  const tv =
    /\b(?:tv|television|series|shows?(?! me\b| us\b)|binge(?:[- ]?(?:watch|worthy))?|episodes?|seasons?|sitcoms?|mini[- ]?series|k[- ]?dramas?|docuseries)\b/.test(
      text,
    );
  const movie = /\b(?:movies?|films?|flicks?|cinema|feature)\b/.test(text);
  if (tv && !movie) return 'tv';
  if (movie && !tv) return 'movie';
  return null;
}

function findLength(text: string): MoodIntent['length'] {
  const minutes =
    /\b(?:under|less than|shorter than|at most|max(?:imum)?|no more than)\s+(\d{2,3})\s*(?:min|mins|minutes)\b/.exec(
      text,
    );
  if (minutes) return Number(minutes[1]) <= 110 ? 'short' : null;
  if (/\b(?:under|less than|shorter than)\s+(?:two|2)\s*hours?\b|\bnot too long\b/.test(text)) return 'short';
  if (/\b(?:over|more than|longer than|at least)\s+(?:two|2|three|3)\s*hours?\b/.test(text)) return 'long';
  return null;
}

/** Spans of `text` inside a negation's reach. */
function negatedSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const negation of text.matchAll(NEGATION)) {
    const start = negation.index + negation[0].length;
    CLAUSE_BREAK.lastIndex = start;
    const stop = CLAUSE_BREAK.exec(text);
    spans.push([start, stop ? stop.index : text.length]);
  }
  return spans;
}

/**
 * Reads a mood request: genres to include (weighted) and avoid, era, tone, length, media type,
 * language, quality, a reference title and subject keywords. `now` anchors "recent".
 */
export function parseMood(query: string, now: Date = new Date()): MoodIntent {
  let text = normaliseMoodText(query);
  const intent: MoodIntent = {
    include: [],
    avoid: [],
    era: null,
    tone: null,
    length: null,
    mediaType: null,
    language: null,
    quality: null,
    reference: null,
    keywords: [],
    cues: [],
  };
  const reference = findReference(text);
  if (reference) {
    intent.reference = reference.title;
    // The reference's own words ("The Good Place") must not read as moods.
    text = `${text.slice(0, reference.start)} ${' '.repeat(reference.end - reference.start)}${text.slice(reference.end)}`;
  }
  intent.era = findEra(text, now);
  intent.mediaType = findMediaType(text);
  intent.length = findLength(text);

  const negated = negatedSpans(text);
  const isNegated = (index: number) => negated.some(([start, end]) => index >= start && index < end);
  const weights = new Map<number, MoodGenre>();
  const avoided = new Set<number>();
  const taken: Array<[number, number]> = [];
  const tones: MoodTone[] = [];
  const found: Array<{ index: number; cue: string }> = [];

  for (const cue of CUES) {
    cue.pattern.lastIndex = 0;
    for (const match of text.matchAll(cue.pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      const word = match[0];
      if (isNegated(start)) {
        for (const [id, weight] of cue.genres ?? []) if (weight >= 0.9) avoided.add(id);
        if (cue.tone === 'light' || cue.tone === 'dark') tones.push(cue.tone === 'light' ? 'dark' : 'light');
        continue;
      }
      found.push({ index: start, cue: word });
      for (const [id, weight] of cue.genres ?? []) {
        const current = weights.get(id);
        if (!current || weight > current.weight) weights.set(id, { id, weight, cue: word });
      }
      if (cue.tone) tones.push(cue.tone);
      const subject = cue.keyword ?? (cue.genres ? subjectOf(word) : null);
      if (subject) intent.keywords.push(subject);
      if (cue.language) intent.language = cue.language;
      if (cue.quality) intent.quality = cue.quality;
      if (cue.length) intent.length = cue.length;
    }
  }
  // What is asked for outright is never also avoided ("scary but not gory" keeps Horror).
  const strong = new Set([...weights.values()].filter((genre) => genre.weight >= 0.9).map((genre) => genre.id));
  intent.avoid = [...avoided].filter((id) => !strong.has(id));
  intent.include = [...weights.values()]
    .filter((genre) => !intent.avoid.includes(genre.id))
    .sort((a, b) => b.weight - a.weight || a.id - b.id);
  intent.tone = pickTone(tones);
  intent.cues = found.sort((a, b) => a.index - b.index).map((entry) => entry.cue);
  intent.keywords = [...new Set(intent.keywords)];
  return intent;
}

/** Nouns that name a subject a title's overview may mention, as opposed to a mood ("funny"). */
const SUBJECTS = new Set([
  'zombie',
  'vampire',
  'ghost',
  'witch',
  'demon',
  'monster',
  'alien',
  'robot',
  'android',
  'cyborg',
  'space',
  'spaceship',
  'planet',
  'astronaut',
  'galaxy',
  'dragon',
  'wizard',
  'pirate',
  'treasure',
  'jungle',
  'soldier',
  'cowboy',
  'outlaw',
  'detective',
  'cop',
  'police',
  'murder',
  'mafia',
  'mob',
  'gangster',
  'cartel',
  'wedding',
  'dance',
  'band',
  'concert',
  'vietnam',
  'halloween',
  'heist',
  'spy',
]);

/** The subject a cue word names, in the singular, or null for a mood word ("funny"). */
function subjectOf(word: string): string | null {
  for (const candidate of [word, word.replace(/s$/, ''), word.replace(/es$/, '')]) {
    if (SUBJECTS.has(candidate)) return candidate;
  }
  return null;
}

function pickTone(tones: MoodTone[]): MoodTone | null {
  if (tones.length === 0) return null;
  // A request that is both light and dark ("scary but funny") has no single tone to lean on.
  if (tones.includes('light') && tones.includes('dark')) return null;
  const counts = new Map<MoodTone, number>();
  for (const tone of tones) counts.set(tone, (counts.get(tone) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || tones.indexOf(a[0]) - tones.indexOf(b[0]))[0]![0];
}

/** Whether the request said anything the ranking can use. */
export function isEmptyIntent(intent: MoodIntent): boolean {
  return (
    intent.include.length === 0 &&
    intent.avoid.length === 0 &&
    !intent.era &&
    !intent.tone &&
    !intent.length &&
    !intent.mediaType &&
    !intent.language &&
    !intent.quality &&
    !intent.reference &&
    intent.keywords.length === 0
  );
}

/**
 * A movie genre as the series catalogue's genres (product.md §3 genre catalogues): series have
 * "Action & Adventure", "Sci-Fi & Fantasy" and "War & Politics" instead of the single genres, and no
 * Horror, Thriller, Romance, History or Music (their nearest series genres stand in, lighter).
 */
export function tvGenresFor(movieGenre: number): Array<[id: number, factor: number]> {
  switch (movieGenre) {
    case ACTION:
    case ADVENTURE:
      return [[10759, 1]];
    case SCIENCE_FICTION:
    case FANTASY:
      return [[10765, 1]];
    case WAR:
      return [[10768, 1]];
    case FAMILY:
      return [
        [FAMILY, 1],
        [10762, 0.8],
      ];
    case HORROR:
      return [
        [10765, 0.5],
        [MYSTERY, 0.5],
      ];
    case THRILLER:
      return [
        [MYSTERY, 0.7],
        [CRIME, 0.6],
      ];
    case ROMANCE:
      return [
        [DRAMA, 0.5],
        [10766, 0.5],
      ];
    case HISTORY:
      return [
        [DRAMA, 0.5],
        [10768, 0.5],
      ];
    case MUSIC:
      return [[COMEDY, 0.3]];
    default:
      return [[movieGenre, 1]];
  }
}

/** The intent's genre weights for one media type's genre ids. */
export function genreWeightsFor(intent: MoodIntent, type: MediaType): Map<number, { weight: number; cue: string }> {
  const weights = new Map<number, { weight: number; cue: string }>();
  for (const genre of intent.include) {
    const mapped: Array<[number, number]> = type === 'movie' ? [[genre.id, 1]] : tvGenresFor(genre.id);
    for (const [id, factor] of mapped) {
      const weight = genre.weight * factor;
      const current = weights.get(id);
      if (!current || current.weight < weight) weights.set(id, { weight, cue: genre.cue });
    }
  }
  return weights;
}

/** The avoided genres as one media type's genre ids (only those that map fully). */
export function avoidedGenresFor(intent: MoodIntent, type: MediaType): number[] {
  if (type === 'movie') return [...intent.avoid];
  return intent.avoid.flatMap((id) =>
    tvGenresFor(id)
      .filter(([, factor]) => factor === 1)
      .map(([tvId]) => tvId),
  );
}
