import type { MediaType } from '@marquee/core';
import { CommentsSection } from '@/components/comments/comments-section.tsx';
import { SimilarSection } from './similar-section.tsx';

/** The end of a detail page: More Like This, then the comment blocks (product.md §2, player.md §2). */
export function SimilarAndComments({ type, id }: { type: MediaType; id: number }) {
  return (
    <>
      <SimilarSection type={type} id={id} />
      {/* player.md §2: the inline discussion of the title, and a further block (a count tile opening it). */}
      <div
        id="comments"
        className="mx-auto grid max-w-[1600px] gap-6 px-4 pb-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8"
      >
        <CommentsSection contentType={type} contentId={id} />
        <div className="lg:pt-0">
          <CommentsSection contentType={type} contentId={id} variant="card" title="Comments" />
        </div>
      </div>
    </>
  );
}
