import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleSlash } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { useAppConfig, type AppConfig } from '@/lib/app-config.ts';
import {
  sourceLabel,
  useCustomSource,
  useServerSources,
  withCustom,
  type PlaySource,
} from '@/lib/availability/title-availability.ts';
import { isMovie, type Details } from '../detail-facts.ts';

/** Where the custom sources editor is (Settings → Content). */
const CUSTOM_SOURCES_PATH = `${paths.settings}#custom-video-sources`;

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
  if (isUnplayable) return <NothingCanPlay details={details} config={config} />;
  if (!sources?.length) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-fg-muted" data-testid="watch-sources">
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

function serverSourcesOf(config: AppConfig | undefined): string[] {
  return [
    ...(config?.features?.library ? ['media folder'] : []),
    ...(config?.media_server ? [config.media_server.name] : []),
  ];
}

function NothingCanPlay({ details, config }: { details: Details; config: AppConfig | undefined }) {
  const what = isMovie(details) ? 'film' : 'series';
  const configured = serverSourcesOf(config);
  return (
    <section
      aria-labelledby="nothing-can-play"
      className="mt-6 max-w-2xl rounded-xl border border-white/10 bg-ink-950/75 p-4 backdrop-blur sm:p-5"
    >
      <h2 id="nothing-can-play" className="flex items-center gap-2 text-base font-semibold text-fg">
        <CircleSlash className="size-5 text-fg-subtle" aria-hidden />
        Nothing can play this yet
      </h2>
      <p className="mt-2 text-sm text-fg-muted">
        {configured.length > 0
          ? `This server's ${configured.join(' and ')} ${configured.length > 1 ? 'have' : 'has'} no file of this ${what}.`
          : 'This server has no media folder or media server to play from.'}
      </p>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-fg-muted">
        <li>
          {configured.length > 0 ? (
            <>Its operator can add the {what} to the media folder or the media server.</>
          ) : (
            <>
              Its operator can set <code className="text-fg">MEDIA_DIR</code> to a folder of video files, or{' '}
              <code className="text-fg">JELLYFIN_URL</code> (or <code className="text-fg">EMBY_URL</code>) to a media
              server.
            </>
          )}
        </li>
        <li>
          You can{' '}
          <Link to={CUSTOM_SOURCES_PATH} className="font-medium text-gold-300 underline underline-offset-2">
            add a custom source in Settings
          </Link>
          .
        </li>
      </ul>
    </section>
  );
}
