import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { titleOf } from '@marquee/core';
import { CommentsSection } from '@/components/comments/comments-section.tsx';
import { Player } from '@/components/player/player.tsx';
import { paths } from '@/config/paths.ts';
import { useMovie, useTv } from '@/lib/catalogue/catalogue-api.ts';
import { positiveIntParam, withEpisode } from '@/lib/player/episode-address.ts';
import { KEEP_SCROLL } from '@/lib/scroll-restoration.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

function ContentNotFound() {
  useDocumentTitle('Content not found');
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 text-center">
      <p className="font-display text-2xl text-fg">Content not found</p>
    </div>
  );
}

/**
 * /watch/{type}/{id}[?season=&episode=] (player.md §2): the player; back returns to /{type}/{id}.
 * The address follows the episode being watched (replacing, not adding, a history entry). The
 * discussion of the title opens from a View Comments button (player.md §2 Comments, the modal
 * variant): the player's page has no room for the inline one.
 */
export function WatchScreen() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const type = params.type === 'movie' || params.type === 'series' ? params.type : null;
  const id = positiveIntParam(params.id ?? null);
  const movie = useMovie(id ?? 0, type === 'movie' && id !== null);
  const tv = useTv(id ?? 0, type === 'series' && id !== null);
  const query = type === 'movie' ? movie : tv;
  useDocumentTitle(query.data ? `Watch ${titleOf(query.data)}` : 'Watch');

  if (!type || id === null || query.isError) return <ContentNotFound />;
  if (!query.data) {
    return (
      <div role="status" className="flex min-h-[50vh] items-center justify-center gap-2 text-fg-muted">
        <Loader2 className="size-6 animate-spin" aria-hidden /> Loading video player...
      </div>
    );
  }
  return (
    <Player
      key={`${type}-${id}`}
      details={query.data}
      initialSeason={positiveIntParam(search.get('season'))}
      initialEpisode={positiveIntParam(search.get('episode'))}
      backLabel={`Back to ${titleOf(query.data)}`}
      onEpisodeChange={(season, episode) => {
        if (search.get('season') === String(season) && search.get('episode') === String(episode)) return;
        setSearch((current) => withEpisode(current, season, episode), { replace: true, state: KEEP_SCROLL });
      }}
      onBack={() => void navigate(type === 'movie' ? paths.movie(id) : paths.series(id))}
      belowVideo={
        <CommentsSection
          contentType={type === 'movie' ? 'movie' : 'tv'}
          contentId={id}
          variant="modal"
          title="Comments"
        />
      }
    />
  );
}
