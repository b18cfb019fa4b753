import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { InfoPage } from './info-page.tsx';

/** /privacy — what Marquee keeps, where, who sees it and how to delete it. */
export function PrivacyScreen() {
  return (
    <InfoPage
      title="Privacy Policy"
      updated="Last updated 22 November 2026"
      intro={
        <p>
          Marquee keeps as little as it can, and keeps it close: in your browser when you have no account, in this
          instance&rsquo;s own database when you do. Its analytics never leave the server.
        </p>
      }
    >
      <h2>Who is responsible</h2>
      <p>
        Marquee is open-source software that anyone can run. The operator of the instance you are using decides where it
        runs and is responsible for the data it holds. Marquee&rsquo;s web app talks only to its own Marquee server,
        which stores data in a PostgreSQL database: by default an embedded one in the server&rsquo;s <code>.data</code>{' '}
        folder, or one chosen by the operator.
      </p>

      <h2>Without an account</h2>
      <p>
        As a visitor, your personal data stays in your browser&rsquo;s <strong>local storage</strong> on this device:
      </p>
      <ul>
        <li>your Watch Later list,</li>
        <li>your viewing history,</li>
        <li>your settings (including any custom video sources you add),</li>
        <li>a queue of changes waiting to be synced and the time of the last sync, used only once you sign in.</li>
      </ul>
      <p>
        None of this is sent to the server unless you sign in. Like any website, the server does receive the requests
        your browser makes to show you pages, such as the words you search for.
      </p>

      <h2>With an account</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>E-mail address and password</td>
            <td>
              To sign you in. The password is stored only as a hash, never in plain text. Your e-mail is used only to
              confirm your account and to send password reset links.
            </td>
          </tr>
          <tr>
            <td>Username and avatar URL (both optional)</td>
            <td>Shown next to your comments and in your profile.</td>
          </tr>
          <tr>
            <td>Session cookie</td>
            <td>
              Keeps you signed in. See the <Link to={paths.cookies}>Cookie Policy</Link>.
            </td>
          </tr>
          <tr>
            <td>History (your newest 100 entries), Watch Later and settings</td>
            <td>
              Synced to the server so they follow you across devices. Removals are remembered so a title you removed
              does not come back from another device.
            </td>
          </tr>
          <tr>
            <td>Comments</td>
            <td>Public: anyone can read them, with your username. A comment you delete shows as [Comment deleted].</td>
          </tr>
          <tr>
            <td>Feedback</td>
            <td>
              The name, e-mail, type, subject, message and optional 1–5 rating you send, so the operator can read and
              answer it.
            </td>
          </tr>
        </tbody>
      </table>
      <p>An avatar URL points to an image hosted elsewhere; browsers that show your avatar load it from there.</p>

      <h2>Analytics</h2>
      <p>
        Marquee&rsquo;s analytics are first-party. Events such as page views, searches, watch events and performance
        measurements go to this instance&rsquo;s own database and are never sent to a third party. They are recorded
        only while both <strong>Enable analytics</strong> and <strong>Data collection</strong> are on in Settings →
        Privacy; turn either off to stop them. Your user id and account type are attached only if{' '}
        <strong>Share watch history</strong> is on, and search terms only if <strong>Save search history</strong> is on.
      </p>

      <h2>Third parties</h2>
      <ul>
        <li>
          <strong>Catalogue.</strong> If the operator has connected TMDB, the Marquee server fetches movie and series
          details from TMDB. Your browser never contacts TMDB, and none of your personal data is sent to it.
        </li>
        <li>
          <strong>Video sources.</strong> Trailers (played in YouTube&rsquo;s privacy-enhanced mode) and custom sources
          you add are third-party pages shown in a sandboxed frame. They receive your visit like any website and follow
          their own privacy policies.
        </li>
        <li>
          <strong>Advertising.</strong> Off by default. If an operator enables an advertising script, that third party
          may collect data and set its own cookies under its own policy.
        </li>
      </ul>

      <h2>Your choices and deleting your data</h2>
      <ul>
        <li>
          <strong>Delete.</strong> Settings → Data Management has <strong>Clear History</strong>,{' '}
          <strong>Clear Watch Later</strong> and <strong>Clear All Data</strong>. Clear All Data asks for confirmation,
          removes everything Marquee keeps in this browser and reloads the page. Clearing this site&rsquo;s data in your
          browser does the same.
        </li>
        <li>
          <strong>Signed in.</strong> Clearing history or Watch Later while signed in removes those items from your
          account too. To delete your account, comments or feedback, ask the operator through the{' '}
          <Link to={paths.contact}>Contact</Link> page.
        </li>
        <li>
          <strong>Export.</strong> Settings → Data Management → Export downloads your settings, history and Watch Later
          as a JSON file named with the date.
        </li>
        <li>
          <strong>Limit.</strong> Turn off history tracking, analytics or search history in Settings at any time.
        </li>
      </ul>

      <h2>Security</h2>
      <p>
        Passwords are hashed; the session cookie cannot be read by page scripts and is sent only over HTTPS when the
        instance uses HTTPS. Third-party players run in a sandboxed frame that cannot open pop-ups or navigate away from
        Marquee.
      </p>

      <h2>Changes</h2>
      <p>
        When this policy changes, the date at the top changes with it. Questions? See the{' '}
        <Link to={paths.contact}>Contact</Link> page.
      </p>
    </InfoPage>
  );
}
