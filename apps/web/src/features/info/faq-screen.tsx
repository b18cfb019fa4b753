import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { InfoPage } from './info-page.tsx';

/** One question; native <details> keeps it keyboard- and screen-reader-friendly without script. */
function FaqItem({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details>
      <summary className="cursor-pointer py-3 font-medium text-fg">{question}</summary>
      <div className="pb-3">{children}</div>
    </details>
  );
}

/** /faq — short answers to the questions people ask most. */
export function FaqScreen() {
  return (
    <InfoPage
      title="Frequently Asked Questions"
      updated="Last updated 22 November 2026"
      intro={
        <p>
          Short answers to common questions. For step-by-step guides see the <Link to={paths.help}>Help Center</Link>.
        </p>
      }
    >
      <h2>Using Marquee</h2>
      <div className="divide-y divide-white/10">
        <FaqItem question="Do I need an account?">
          <p>
            No. You can browse, search, watch, keep a Watch Later list and a viewing history, and change settings
            without one. An account adds syncing across devices, a profile and commenting.
          </p>
        </FaqItem>
        <FaqItem question="Where do the movie and series details come from?">
          <p>
            By default from Marquee&rsquo;s built-in catalogue: real film facts from the open vega-datasets collection
            plus a curated set of series and recent films written by the Marquee project, with generated artwork. When
            the operator of this instance has connected TMDB, details and images come from TMDB instead, always through
            the Marquee server; your browser never contacts TMDB directly.
          </p>
        </FaqItem>
        <FaqItem question="Does Marquee host the videos?">
          <p>
            Only the <strong>Library</strong> source: video files from the operator&rsquo;s own media folder, streamed
            by the Marquee server. The <strong>Trailer</strong> source plays a title&rsquo;s official trailer when one
            is known. Any other source is a custom source that you add yourself; Marquee does not host or endorse that
            content.
          </p>
        </FaqItem>
        <FaqItem question="A video will not play. What can I do?">
          <p>
            Choose another source from the source selector. If a source fails to load, the player switches to a backup
            source by itself after a second.
          </p>
        </FaqItem>
        <FaqItem question="How do I add my own video source?">
          <p>
            In <Link to={paths.settings}>Settings</Link>, add a custom video source with a name and a movie URL, a
            series URL or both. Use <code>{'{movieID}'}</code> in the movie URL and <code>{'{seriesId}'}</code>,{' '}
            <code>{'{season}'}</code> and <code>{'{episode}'}</code> in the series URL. You are responsible for the
            sources you add and for respecting copyright.
          </p>
        </FaqItem>
        <FaqItem question="Can I make the text bigger or turn off animations?">
          <p>
            Yes. Settings → Accessibility has font size, high contrast and reduced motion. Press <kbd>Alt</kbd>+
            <kbd>T</kbd> to move focus to notifications.
          </p>
        </FaqItem>
      </div>

      <h2>Accounts and your data</h2>
      <div className="divide-y divide-white/10">
        <FaqItem question="Where are my Watch Later list and history kept?">
          <p>
            As a visitor, only in your browser&rsquo;s local storage on this device; nothing about them is sent to the
            server. Once you sign in, they are also saved in this instance&rsquo;s database so they follow you to other
            devices.
          </p>
        </FaqItem>
        <FaqItem question="How do I get my lists on another device?">
          <p>
            Sign in on both devices with the same account. What you saved as a visitor is merged into your account when
            you sign in. Your account keeps the newest 100 history entries.
          </p>
        </FaqItem>
        <FaqItem question="I removed a title on one device. Will it come back from another?">
          <p>
            No. Removals are remembered with the time you made them, so an older copy on another device does not bring
            the title back.
          </p>
        </FaqItem>
        <FaqItem question="How do I delete my data?">
          <p>
            Settings → Data Management has <strong>Clear History</strong>, <strong>Clear Watch Later</strong> and{' '}
            <strong>Clear All Data</strong>. You can also clear this site&rsquo;s data in your browser. To have your
            account deleted, contact the operator; see <Link to={paths.contact}>Contact</Link>.
          </p>
        </FaqItem>
        <FaqItem question="Can I export my data?">
          <p>
            Yes. Settings → Data Management → Export downloads a JSON file, named with the date, holding your settings,
            history and Watch Later. The same screen can import a settings file.
          </p>
        </FaqItem>
        <FaqItem question="What e-mails will I receive?">
          <p>Only two kinds: the one that confirms your account and, if you ask for it, a password reset link.</p>
        </FaqItem>
        <FaqItem question="Who can see my comments?">
          <p>
            Everyone: comments are public and shown with your username. You can edit or delete your own; a deleted
            comment shows as &ldquo;[Comment deleted]&rdquo; so the replies to it still make sense.
          </p>
        </FaqItem>
      </div>

      <h2>Privacy and the project</h2>
      <div className="divide-y divide-white/10">
        <FaqItem question="Does Marquee track me?">
          <p>
            Marquee&rsquo;s analytics are first-party: usage events go only to this instance&rsquo;s own database, never
            to a third party, and only while both &ldquo;Enable analytics&rdquo; and &ldquo;Data collection&rdquo; are
            on in Settings → Privacy. Turn either off to stop them. Details are in the{' '}
            <Link to={paths.privacy}>Privacy Policy</Link>.
          </p>
        </FaqItem>
        <FaqItem question="Does Marquee use cookies?">
          <p>
            One, and only when you sign in: a session cookie that keeps you signed in. No advertising or tracking
            cookies. See the <Link to={paths.cookies}>Cookie Policy</Link>.
          </p>
        </FaqItem>
        <FaqItem question="Who runs Marquee?">
          <p>
            Marquee is open-source software that anyone can host. Whoever operates the instance you are using is
            responsible for it, its catalogue settings and its media library.
          </p>
        </FaqItem>
        <FaqItem question="How do I report a bug or suggest a feature?">
          <p>
            Use the <strong>Send Feedback</strong> button in the footer or the Feedback option in Settings. The{' '}
            <Link to={paths.contact}>Contact</Link> page says what to include.
          </p>
        </FaqItem>
      </div>
    </InfoPage>
  );
}
