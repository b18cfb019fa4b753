/** A streaming provider of the browse filter (product.md §3 "Streaming providers"). */
export interface StreamingProvider {
  id: number;
  name: string;
  logo: string;
}

export const STREAMING_PROVIDERS: readonly StreamingProvider[] = [
  { id: 8, name: 'Netflix', logo: 'netflix' },
  { id: 9, name: 'Amazon Prime Video', logo: 'amazon-prime-video' },
  { id: 337, name: 'Disney+', logo: 'disney-plus' },
  { id: 13, name: 'Hulu', logo: 'hulu' },
  { id: 1899, name: 'HBO Max', logo: 'hbo-max' },
  { id: 350, name: 'Apple TV+', logo: 'apple-tv-plus' },
  { id: 349, name: 'Paramount+', logo: 'paramount-plus' },
  { id: 386, name: 'Peacock Premium', logo: 'peacock-premium' },
];

/** Original languages offered by the browse filter (product.md §2 Browse screen). */
export const BROWSE_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'ja', 'ko', 'zh'] as const;
export type BrowseLanguage = (typeof BROWSE_LANGUAGES)[number];
