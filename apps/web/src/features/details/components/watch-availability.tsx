import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppConfig } from '@/lib/app-config.ts';
import {
  sourceLabel,
  useCustomSource,
  useServerSources,
  withCustom,
  type PlaySource,
} from '@/lib/availability/title-availability.ts';
import { isMovie, type Details } from '../detail-facts.ts';

interface Watchability {
  /** Undefined until known (or when the server could not say: Watch Now stays). */
  sources: PlaySource[] | undefined;
  customName: string | null;
  /** Known to have no source at all: Watch Now would open a player with nothing to play. */
  isUnplayable: boolean;
}

/** Where this title can play: the server's sources, the catalogue's trailer, the viewer's custom source. */
function useWatchability(details: Details): Watchability {
  const { sources: fromServer, isIndexing } = useServerSources(details.media_type, details.id);
  const customName = useCustomSource(details.media_type);
  const server = fromServer ? [...fromServer] : undefined;
  // The page has the trailer already; the server's batch may not have asked for it.
  if (server && details.trailer_key && !server.includes('trailer')) server.push('trailer');
  const sources = server ? withCustom(server, customName) : undefined;
  return {
    sources,
    customName,
    // While the server is still indexing, a file may turn up: the player says so itself.
    isUnplayable: sources !== undefined && sources.length === 0 && !isIndexing,
  };
}

/** Watch Now (and Resume), unless nothing can play the title: then the page says so instead. */
export function WatchNowGate({ details, children }: { details: Details; children: ReactNode }) {
  return useWatchability(details).isUnplayable ? null : children;
}

/**
 * Beside Watch Now: where the title plays (issue 29), or, when nothing can, what would make it
 * play, for the server's operator and for the viewer.
 */
export function WatchSources({ details }: { details: Details }) {
  const { sources, customName, isUnplayable } = useWatchability(details);
  const { data: config } = useAppConfig();
  if (isUnplayable) {
    // What would make it play: for the operator a media folder or server (or the file in them), for the viewer a custom source.
    const configured = [config?.features.library && 'media folder', config?.media_server?.name].filter(Boolean);
    return (
      <section
        aria-labelledby="nothing-can-play"
        className="mt-6 max-w-2xl rounded-xl border border-white/10 bg-ink-950/75 p-4 text-sm text-fg-muted"
      >
        <h2 id="nothing-can-play" className="text-base font-semibold text-fg">
          Nothing can play this yet
        </h2>
        <p className="mt-2">
          {configured.length
            ? `This server's ${configured.join(' and ')} ${configured.length > 1 ? 'have' : 'has'} no file of this ${isMovie(details) ? 'film' : 'series'}: its operator can add one.`
            : 'This server has no media folder or media server: its operator can set MEDIA_DIR to a folder of videos, or JELLYFIN_URL or EMBY_URL to a media server.'}
        </p>
        <p className="mt-2">
          You can{' '}
          <Link to="/settings#custom-video-sources" className="font-medium text-gold-300 underline">
            add a custom source in Settings
          </Link>
          .
        </p>
      </section>
    );
  }
  if (!sources?.length) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
      <span id="plays-from">Plays from</span>
      <ul aria-labelledby="plays-from" className="flex flex-wrap gap-1.5">
        {sources.map((source) => (
          <li
            key={source}
            data-source={source}
            className="rounded-full border border-gold-400/40 bg-ink-950/60 px-2.5 py-0.5 text-xs font-semibold text-gold-200"
          >
            {sourceLabel(source, customName)}
          </li>
        ))}
      </ul>
    </div>
  );
}
