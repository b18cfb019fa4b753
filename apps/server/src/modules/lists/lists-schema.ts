import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Curated lists (product.md §3 Movie list), the movies_list collection of the spec. */
export const movieLists = pgTable(
  'movie_lists',
  {
    id: text('id').primaryKey(),
    listTitle: text('list_title').notNull(),
    listDescription: text('list_description'),
    createdBy: text('created_by'),
    /** Order of the lists on /lists and in Featured Collections. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [index('movie_lists_position_idx').on(table.position)],
);

/**
 * A list's titles in order. `movie` keeps the card fields of product.md §3 (id, title,
 * poster_path, backdrop_path, release_date, genre_ids, vote_average, original_title) as they
 * were when the list was built, so a list reads in one query whatever the catalogue provider.
 */
export const movieListItems = pgTable(
  'movie_list_items',
  {
    listId: text('list_id')
      .notNull()
      .references(() => movieLists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    titleId: integer('title_id').notNull(),
    mediaType: text('media_type', { enum: ['movie', 'tv'] }).notNull(),
    movie: jsonb('movie').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.listId, table.position] })],
);
