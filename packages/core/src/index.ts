export * from './catalogue/genres.ts';
export * from './catalogue/providers.ts';
