import interCyrillic from '@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2?url';
import interCyrillicExt from '@fontsource-variable/inter/files/inter-cyrillic-ext-wght-normal.woff2?url';
import interGreek from '@fontsource-variable/inter/files/inter-greek-wght-normal.woff2?url';
import interGreekExt from '@fontsource-variable/inter/files/inter-greek-ext-wght-normal.woff2?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import interLatinExt from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url';
import interVietnamese from '@fontsource-variable/inter/files/inter-vietnamese-wght-normal.woff2?url';
import oswaldCyrillic from '@fontsource-variable/oswald/files/oswald-cyrillic-wght-normal.woff2?url';
import oswaldCyrillicExt from '@fontsource-variable/oswald/files/oswald-cyrillic-ext-wght-normal.woff2?url';
import oswaldLatin from '@fontsource-variable/oswald/files/oswald-latin-wght-normal.woff2?url';
import oswaldLatinExt from '@fontsource-variable/oswald/files/oswald-latin-ext-wght-normal.woff2?url';
import oswaldVietnamese from '@fontsource-variable/oswald/files/oswald-vietnamese-wght-normal.woff2?url';
// Both fonts split their characters into the same subsets (Oswald has no Greek).
import subsetRanges from '@fontsource-variable/inter/unicode.json';

type Subset = keyof typeof subsetRanges;

/** The web fonts, as their packages' style sheets declare them, one file per subset. */
const WEB_FONTS: ReadonlyArray<{ family: string; weight: string; files: Partial<Record<Subset, string>> }> = [
  {
    family: 'Inter Variable',
    weight: '100 900',
    files: {
      latin: interLatin,
      'latin-ext': interLatinExt,
      cyrillic: interCyrillic,
      'cyrillic-ext': interCyrillicExt,
      greek: interGreek,
      'greek-ext': interGreekExt,
      vietnamese: interVietnamese,
    },
  },
  {
    family: 'Oswald Variable',
    weight: '200 700',
    files: {
      latin: oswaldLatin,
      'latin-ext': oswaldLatinExt,
      cyrillic: oswaldCyrillic,
      'cyrillic-ext': oswaldCyrillicExt,
      vietnamese: oswaldVietnamese,
    },
  },
];

/**
 * Adds the web fonts to the page: the Latin files of both are loaded first and every face is then
 * added in one go, so the page is laid out again once rather than once per font (on a phone, a
 * layout of the home page is a long task). The other subsets load if some text needs them.
 */
export async function addWebFonts(fonts: FontFaceSet = document.fonts): Promise<void> {
  const faces = WEB_FONTS.flatMap(({ family, weight, files }) =>
    Object.entries(files).map(([subset, url]) => ({
      subset,
      face: new FontFace(family, `url(${url}) format('woff2')`, {
        weight,
        display: 'swap',
        unicodeRange: subsetRanges[subset as Subset],
      }),
    })),
  );
  await Promise.all(faces.filter(({ subset }) => subset === 'latin').map(({ face }) => face.load()));
  for (const { face } of faces) fonts.add(face);
}
