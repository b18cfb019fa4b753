import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { InfoPage } from './info-page.tsx';

/** /cookies — the one cookie Marquee sets, what it keeps in local storage, and what third parties may set. */
export function CookiesScreen() {
  return (
    <InfoPage
      title="Cookie Policy"
      updated="Last updated 22 November 2026"
      intro={
        <p>
          Marquee sets one cookie, and only when you sign in. It uses no advertising or tracking cookies. Here is
          everything it keeps in your browser, and why.
        </p>
      }
    >
      <h2>What cookies are</h2>
      <p>
        A cookie is a small piece of text a website asks your browser to keep and send back with each request to that
        site. Sites use them to remember that you are signed in, among other things.
      </p>

      <h2>The cookie Marquee uses</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Cookie</th>
            <th scope="col">Purpose</th>
            <th scope="col">Kept</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <strong>Session cookie</strong>
              <br />
              strictly necessary
            </td>
            <td>
              Set by the Marquee server when you sign in, so you stay signed in as you move between pages and your data
              can sync. It holds a session token, not your password or your lists.
            </td>
            <td>Until you sign out or the session expires</td>
          </tr>
        </tbody>
      </table>
      <p>The session cookie is protected:</p>
      <ul>
        <li>
          <strong>httpOnly</strong>: scripts on the page cannot read it;
        </li>
        <li>
          <strong>SameSite=Lax</strong>: other sites cannot make your browser send it with their requests in the
          background;
        </li>
        <li>
          <strong>Secure</strong> when the instance uses HTTPS: it is only sent over an encrypted connection.
        </li>
      </ul>
      <p>Visitors who do not sign in get no cookie from Marquee at all.</p>

      <h2>Local storage</h2>
      <p>
        Marquee also uses your browser&rsquo;s <strong>local storage</strong>. It is not a cookie, but it is similar: a
        small store on your device that belongs to this site. Unlike a cookie, it is never sent to the server on its
        own. Marquee keeps in it:
      </p>
      <ul>
        <li>your Watch Later list and viewing history,</li>
        <li>your settings,</li>
        <li>a queue of changes waiting to sync and the time of the last sync (used when you are signed in).</li>
      </ul>
      <p>
        For visitors this is the only copy of their data. It stays until you clear it. The{' '}
        <Link to={paths.privacy}>Privacy Policy</Link> explains what is synced once you sign in.
      </p>

      <h2>Third-party content</h2>
      <p>Marquee itself sets no third-party cookies. Some things you choose to open are run by others, though:</p>
      <ul>
        <li>
          <strong>Trailers</strong> are embedded from YouTube in its privacy-enhanced mode.
        </li>
        <li>
          <strong>Custom video sources</strong> you add in Settings load pages from the sites you entered.
        </li>
      </ul>
      <p>
        Both run inside a sandboxed frame, but they are third-party pages with their own cookie and privacy policies,
        which Marquee does not control.
      </p>
      <p>
        <strong>Advertising</strong> is off by default. An operator may choose to enable an advertising script on their
        instance; if they do, that advertising provider may set its own cookies under its own policy.
      </p>

      <h2>Managing cookies and storage</h2>
      <ul>
        <li>
          <strong>Sign out</strong> to end your session; the session cookie then no longer signs you in.
        </li>
        <li>
          <strong>Settings → Data Management → Clear All Data</strong> removes what Marquee keeps in local storage on
          this device, after asking you to confirm.
        </li>
        <li>
          Your browser&rsquo;s settings can delete or block cookies and site data for this site. If you block the
          session cookie you can still browse and watch as a visitor, but you will not be able to stay signed in.
        </li>
      </ul>
      <p>
        Questions? See the <Link to={paths.contact}>Contact</Link> page.
      </p>
    </InfoPage>
  );
}
