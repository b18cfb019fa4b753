/** The earlier name of the personal data channel, for code written before the cache covered more. */
export { PERSONAL_CHANNEL as SETTINGS_CHANNEL } from './personal-cache.ts';
