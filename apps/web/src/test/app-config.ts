/** What GET /api/config answers for the local catalogue, for component tests that show images. */
export const TEST_APP_CONFIG = {
  images: {
    base_url: '/api/art/',
    secure_base_url: '/api/art/',
    poster_sizes: ['w92', 'w342', 'w500', 'w780', 'original'],
    backdrop_sizes: ['w780', 'original'],
    still_sizes: ['w400', 'original'],
  },
  catalogue: 'local',
  features: {},
  filters: {},
  community_url: null,
  public_url: 'http://localhost:3000',
  version: 'test',
};
