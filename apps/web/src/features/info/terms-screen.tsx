import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { InfoPage } from './info-page.tsx';

/** /terms — the rules for using a Marquee instance. */
export function TermsScreen() {
  return (
    <InfoPage
      title="Terms of Service"
      updated="Last updated 22 November 2026"
      intro={
        <p>
          The ground rules for using this Marquee instance. By using it, with or without an account, you agree to them.
        </p>
      }
    >
      <h2>The service</h2>
      <p>
        Marquee helps you discover movies and TV series, keep a Watch Later list and a viewing history, and watch
        through the video sources available to you. It is open-source software that anyone can run; the operator of this
        instance provides it to you and is responsible for running it.
      </p>

      <h2>Your account</h2>
      <p>
        An account is optional. If you create one, give an e-mail address you can receive mail at, keep your password to
        yourself and tell the operator if you think someone else is using your account. You are responsible for what is
        done with it.
      </p>

      <h2>Acceptable use</h2>
      <p>When using Marquee, do not:</p>
      <ul>
        <li>post comments that harass, threaten or impersonate others, or that are hateful, spam or illegal;</li>
        <li>post other people&rsquo;s personal information;</li>
        <li>
          try to break, overload or get around the service: probing for vulnerabilities, scraping at a rate that harms
          other users, or reaching data or accounts that are not yours;
        </li>
        <li>use Marquee to share or point others to content you have no right to share.</li>
      </ul>

      <h2>Your comments</h2>
      <p>
        You keep ownership of what you write. By posting a comment you allow the operator of this instance to store,
        display and distribute it within Marquee, next to your username, for as long as it is posted. You can edit or
        delete your own comments at any time; a deleted comment shows as [Comment deleted]. The operator may remove
        comments that break these terms.
      </p>

      <h2>Video sources and third-party content</h2>
      <p>
        The built-in <strong>Library</strong> source streams video files from the operator&rsquo;s own media folder; the
        operator is responsible for having the right to share them. The <strong>Trailer</strong> source shows a
        title&rsquo;s official trailer when one is known.
      </p>
      <p>
        Custom sources are URL templates that you add yourself. They open third-party pages that Marquee does not host,
        control or endorse. You are responsible for the sources you add and must respect copyright and the laws that
        apply to you. Third-party pages, including trailers, have their own terms and privacy policies.
      </p>

      <h2>Catalogue information</h2>
      <p>
        Titles, descriptions, ratings and images come either from Marquee&rsquo;s built-in catalogue (film facts from
        the vega-datasets collection plus series and recent films curated by the project, with generated artwork) or,
        when the operator has connected it, from TMDB. They may be incomplete or out of date.
      </p>
      <p>
        <strong>This product uses the TMDB API but is not endorsed or certified by TMDB.</strong>
      </p>

      <h2>Open-source software, no warranty</h2>
      <p>
        Marquee&rsquo;s source code is published under an open-source licence, and the software is provided as is,
        without warranty of any kind. The service may be interrupted, change or lose data; keep an export of anything
        you cannot afford to lose (Settings → Data Management → Export). To the extent the law allows, neither the
        Marquee project nor the operator is liable for losses arising from using it.
      </p>

      <h2>Ending your use</h2>
      <p>
        You can stop using Marquee at any time and delete your data as described in the{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>. The operator may suspend or close accounts that abuse the
        service or break these terms, and may remove their comments.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        These terms may change as Marquee changes. The date at the top shows the latest version; continuing to use
        Marquee after a change means you accept the new terms. Questions? See the{' '}
        <Link to={paths.contact}>Contact</Link> page.
      </p>
    </InfoPage>
  );
}
