export * from './catalogue/genres.ts';
export * from './catalogue/providers.ts';
export * from './catalogue/types.ts';
export * from './catalogue/certification.ts';
export * from './catalogue/params.ts';
