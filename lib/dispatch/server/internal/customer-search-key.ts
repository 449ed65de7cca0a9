// The customer-name search key: the dashboard's and the console's search box finds a dispatch by
// a prefix of the customer's first name, last name or full name ("sara", "al-q", "sara al").
// The database stores the key as generated columns (migration 20261124234000_customer_name_search:
// `customer_name_key` of "first last", `customer_last_name_key` of the last name, COLLATE "C" so a
// plain b-tree serves `LIKE 'prefix%'`); this file computes the same key for the search text.
// The two must agree character for character: customer-search-key.integration.test.ts compares
// them on both databases. Deliberately deterministic whatever the database's locale:
// - ASCII and Latin-1 capitals lower-cased (`lower(… COLLATE "C")` + a translate table; a
//   locale-aware lower() would differ between a C and an en_US database);
// - Arabic: harakat, superscript alef and tatweel dropped; أ إ آ ٱ → ا, ى → ي, ة → ه
//   (the spellings people type interchangeably);
// - runs of ASCII white space and no-break spaces → one space, trimmed.

/** Harakat (U+064B–U+065F), superscript alef (U+0670), tatweel (U+0640). */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;
const LATIN1_UPPER = 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ';
const LATIN1_LOWER = 'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþ';
/** The translate() table of the migration, from → to (same length). */
export const SEARCH_KEY_FROM = `${LATIN1_UPPER}أإآٱىة\u00A0`;
export const SEARCH_KEY_TO = `${LATIN1_LOWER}اااايه `;
const TRANSLATE = new Map([...SEARCH_KEY_FROM].map((char, index) => [char, [...SEARCH_KEY_TO][index]!]));
const ASCII_SPACE_RUN = /[ \t\n\r\f\v]+/g;

/** The search key of a name or of search text (see above); '' when nothing is left. */
export function customerSearchKey(text: string): string {
  const unmarked = text.replace(ARABIC_MARKS, '');
  const lowered = unmarked.replace(/[A-Z]/g, (char) => char.toLowerCase());
  const translated = [...lowered].map((char) => TRANSLATE.get(char) ?? char).join('');
  return translated.replace(ASCII_SPACE_RUN, ' ').replace(/^ +| +$/g, '');
}

/** Shorter search text would match too many customers to be worth a name lookup. */
export const MIN_NAME_SEARCH_CHARS = 2;

/**
 * The `LIKE` pattern of a name search for `q` (its key as a prefix, with `\ % _` escaped), or
 * null when the key is shorter than MIN_NAME_SEARCH_CHARS.
 */
export function customerNamePrefixPattern(q: string): string | null {
  const key = customerSearchKey(q);
  if ([...key].length < MIN_NAME_SEARCH_CHARS) return null;
  return `${key.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
