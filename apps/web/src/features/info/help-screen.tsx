import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { InfoPage } from './info-page.tsx';

/** /help — how to find, keep and watch titles, and what to do when something does not work. */
export function HelpScreen() {
  return (
    <InfoPage
      title="Help Center"
      updated="Last updated 22 November 2026"
      intro={
        <p>
          Everything you need to find something to watch, keep track of it and play it. No account is needed to start;
          sign in when you want your lists on every device.
        </p>
      }
    >
      <h2>Getting started</h2>
      <h3>Browse and search</h3>
      <ul>
        <li>
          <Link to={paths.browse}>Browse</Link> shows every movie and series in the catalogue. Filter by genre, year,
          rating, language or streaming provider and sort by popularity, release date, rating or title.
        </li>
        <li>
          The search box in the header suggests titles as you type, and the <Link to={paths.search()}>search page</Link>{' '}
          shows every match. Small typos are forgiven.
        </li>
        <li>
          A title&rsquo;s detail page shows its overview, rating, runtime, genres, cast and crew, similar titles and
          comments. Series pages also list every season and episode.
        </li>
      </ul>
      <h3>Keep track</h3>
      <ul>
        <li>
          <strong>Watch Later</strong>: use the Watch Later control on a detail page to save a title for later. Find
          your saved titles under <Link to={paths.watchLater}>Watch Later</Link>.
        </li>
        <li>
          <strong>History</strong>: what you play is recorded automatically in <Link to={paths.history}>History</Link>,
          including the season and episode of a series, so you can continue where you left off. Turn history tracking
          off in Settings if you prefer.
        </li>
        <li>
          <strong>Lists</strong>: <Link to={paths.lists}>Lists</Link> are curated collections of films put together on
          this Marquee instance.
        </li>
        <li>
          <strong>Settings</strong>: <Link to={paths.settings}>Settings</Link> lets you change the grid size, poster
          quality, favourite genres, content rating filter, default video source, privacy choices and accessibility
          options, and export or clear your data.
        </li>
      </ul>

      <h2>Watching</h2>
      <p>Press Watch Now on a detail page to open the player. Marquee offers these sources:</p>
      <ul>
        <li>
          <strong>Library</strong>: video files from this instance&rsquo;s own media folder, streamed by the Marquee
          server. It is available when the operator has set up a media folder that contains the title.
        </li>
        <li>
          <strong>Trailer</strong>: the title&rsquo;s official trailer, when one is known.
        </li>
        <li>
          <strong>Custom sources</strong> that you add yourself.
        </li>
      </ul>
      <p>The player picks a recommended source for you. Use the source selector to choose another one at any time.</p>
      <h3>Adding a custom source</h3>
      <p>
        In Settings, open the custom video sources editor and give the source a name and at least one URL template.
        Marquee fills in these placeholders when you watch:
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Placeholder</th>
            <th scope="col">Replaced with</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>{'{movieID}'}</code>
            </td>
            <td>the movie&rsquo;s id (movie URL)</td>
          </tr>
          <tr>
            <td>
              <code>{'{seriesId}'}</code>
            </td>
            <td>the series&rsquo; id (series URL)</td>
          </tr>
          <tr>
            <td>
              <code>{'{season}'}</code>
            </td>
            <td>the season number</td>
          </tr>
          <tr>
            <td>
              <code>{'{episode}'}</code>
            </td>
            <td>the episode number</td>
          </tr>
        </tbody>
      </table>
      <p>
        For example <code>{'https://example.org/embed/tv/{seriesId}/{season}/{episode}'}</code>. Mark a source as
        recommended to have it chosen first. Custom sources are third-party pages shown in a sandboxed frame; you are
        responsible for the sources you add (see the <Link to={paths.terms}>Terms of Service</Link>).
      </p>

      <h2>Accounts and sync</h2>
      <p>
        Without an account, Watch Later, history and settings live only in this browser on this device. Create an
        account with your e-mail address and a password, confirm it from the e-mail we send, and sign in: your history,
        Watch Later and settings are then synced to the server and follow you to every device where you sign in.
        Anything you saved before signing in is merged in. Signed-in users can also comment on titles and set a username
        and avatar in Settings → Profile. Forgot your password? You can have a reset link sent to your e-mail address.
      </p>

      <h2>Troubleshooting</h2>
      <ul>
        <li>
          <strong>A source does not load.</strong> Pick another one from the source selector. When a source fails, the
          player also switches to a backup source by itself after a moment.
        </li>
        <li>
          <strong>A title has no Library source.</strong> The operator&rsquo;s media folder does not contain it; try the
          trailer or a custom source.
        </li>
        <li>
          <strong>My lists are missing on another device.</strong> Make sure you are signed in to the same account on
          both; guest data never leaves the browser it was created in.
        </li>
        <li>
          <strong>Text is too small or motion is distracting.</strong> Settings → Accessibility has font size, high
          contrast and reduced motion. Press <kbd>Alt</kbd>+<kbd>T</kbd> to jump to notifications.
        </li>
      </ul>

      <h2>More help</h2>
      <p>
        Quick answers are in the <Link to={paths.faq}>FAQ</Link>. Still stuck, or found a bug?{' '}
        <Link to={paths.contact}>Contact us</Link>.
      </p>
      <p className="text-sm text-fg-subtle">This product uses the TMDB API but is not endorsed or certified by TMDB.</p>
    </InfoPage>
  );
}
