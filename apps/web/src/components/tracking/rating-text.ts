/** A rating 1–10 read as stars, with halves: 7 is "3.5". */
export function starsOf(rating: number): string {
  return (rating / 2).toFixed(rating % 2 === 0 ? 0 : 1);
}

/** "4.5 stars", "1 star", "Not rated". */
export function ratingText(rating: number | null): string {
  if (rating === null) return 'Not rated';
  const stars = starsOf(rating);
  return `${stars} ${stars === '1' ? 'star' : 'stars'}`;
}
