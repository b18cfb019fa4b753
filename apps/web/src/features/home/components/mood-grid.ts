/** A row on phones (swipe through the picks), a grid from tablets up, like Top Ranked. */
export const MOOD_GRID =
  '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pt-1 pb-3 [scrollbar-width:none] sm:-mx-6 sm:scroll-px-6 sm:px-6 md:mx-0 md:grid md:grid-cols-4 md:gap-x-4 md:gap-y-8 md:overflow-visible md:px-0 md:pb-0 lg:grid-cols-6 [&::-webkit-scrollbar]:hidden';
export const MOOD_ITEM = 'flex w-[40vw] max-w-48 shrink-0 snap-start flex-col md:w-auto md:max-w-none';
