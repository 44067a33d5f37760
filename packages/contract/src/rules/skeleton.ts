import { FORBIDDEN_BRANDS } from '../constants.ts'

/**
 * The look-alike skeleton of a name (after Unicode TS #39's skeletons): what the brand rule and the
 * server's taken and reserved user names compare, so that `v3lvet_fan`, `vel.vet`, `ｖｅｌｖｅｔ`, `vеlvet`
 * (a Cyrillic е), `vel\u200Bvet` and `Vélvet` all read as "velvet", and `jane.doe` as `jane_doe`.
 */

/**
 * Digits and symbols written for letters, and Latin letters that look alike (i, l, 1, |), each folded to one
 * letter: `FOLD_FROM[k]` becomes `FOLD_TO[k]`. Only the common ones: each fold also makes two user names one
 * (jane8 would be janeb with 8 as b), so 2, 6, 8 and 9 stay digits. User names are ASCII, so this table and the separators below
 * are all of the skeleton they need: the server's SQL builds the same skeleton from these constants.
 */
export const SKELETON_FOLD_FROM = '013457@$|!i'
export const SKELETON_FOLD_TO = 'oleastaslll'
/** What a skeleton leaves out of a user name (and of any name: every character that is not a letter or digit). */
export const SKELETON_DROPPED = '._'
/** `m` reads as `rn` (the skeleton of "m" is "rn", so that "rnodel" is "model"). */
export const SKELETON_M = { from: 'm', to: 'rn' } as const

/** Letters of other scripts that look like a Latin one (upper case ones before lower-casing). */
const CONFUSABLE_FROM = 'АВЕКМНОРСТХУЅІЈаеорсухѕіјԁһӏѵΑΒΕΗΙΚΜΝΟΡΤΥΧΖνοαρτικχυεϲɡʋɩı'
const CONFUSABLE_TO = 'abekmhopctxysljaeopcyxsljdhlvabehlkmnoptyxzvoaptlkxuecgvll'

const confusables = new Map([...CONFUSABLE_FROM].map((char, i) => [char, CONFUSABLE_TO[i] as string]))
const folds = new Map([...SKELETON_FOLD_FROM].map((char, i) => [char, SKELETON_FOLD_TO[i] as string]))

/** Marks, invisible format characters (zero-width, bidi controls, soft hyphen) and control characters. */
const INVISIBLE = /[\p{M}\p{Cf}\p{Cc}]/gu
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu

/**
 * The skeleton: compatibility forms folded (NFKD: full-width, mathematical and circled letters, ligatures),
 * accents and invisible characters dropped, look-alike letters of other scripts mapped to Latin, lower case,
 * digits and symbols used as letters folded, then everything but letters and digits left out.
 */
export function nameSkeleton(name: string): string {
  const plain = name.normalize('NFKD').replace(INVISIBLE, '')
  const latin = [...plain].map((char) => confusables.get(char) ?? char).join('')
  const folded = [...latin.toLowerCase()].map((char) => folds.get(char) ?? char).join('')
  return folded.replace(NOT_LETTER_OR_DIGIT, '').replaceAll(SKELETON_M.from, SKELETON_M.to)
}

const brandSkeletons = FORBIDDEN_BRANDS.map(nameSkeleton)

/** Whether a name contains Velvet or another platform's name, however it is spelled or disguised. */
export function containsBrand(name: string): boolean {
  const skeleton = nameSkeleton(name)
  return brandSkeletons.some((brand) => skeleton.includes(brand))
}
